import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { makeImage, multipartBody, n8nExport, uploadedUrl } from '../../test/publishing.ts';

/**
 * Bilingual listings (docs/decisions/0173): a listing is written in one language and may carry its
 * texts in the other; each visitor reads it in their language when it is written in it.
 */
let ctx: TestContext;
let author: TestSession;
let other: TestSession;
let admin: TestSession;

const call = sessionCaller(() => ctx);
const approve = (id: string) => call('POST', `/api/admin/workflows/${id}/approve`, admin);
const inLanguage = (language: 'en' | 'vi') => ({ 'x-language': language });

const ENGLISH = {
  title: 'Invoice alerts to Slack',
  description: 'Posts each new invoice to a Slack channel',
  faq: [{ question: 'Which plan?', answer: 'Any Slack plan works.' }],
};
const VIETNAMESE = {
  title: 'Báo hóa đơn mới lên Slack',
  description: 'Gửi từng hóa đơn mới vào một kênh Slack',
  faq: [{ question: 'Cần gói nào?', answer: 'Gói Slack nào cũng được.' }],
};

async function created(session: TestSession, body: Record<string, unknown>) {
  const response = await call('POST', '/api/workflows', session, {
    price: 0,
    file_url: await uploadedUrl(ctx, session, 'workflows', n8nExport(String(body.title ?? 'A workflow'))),
    category_ids: ['n8n'],
    subcategory_ids: ['finance'],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; language: string; languages: string[] };
}

async function listed(body: Record<string, unknown>) {
  const workflow = await created(author, body);
  const approval = await approve(workflow.id);
  expect(approval.statusCode, approval.body).toBe(200);
  return workflow;
}

const detail = async (id: string, language: 'en' | 'vi', session: TestSession | null = null) => {
  const response = await call('GET', `/api/workflows/${id}`, session, undefined, inLanguage(language));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const cards = async (query: string, language: 'en' | 'vi', session: TestSession | null = null) => {
  const response = await call('GET', `/api/workflows?${query}`, session, undefined, inLanguage(language));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().workflows as Array<{
    id: string;
    title: string;
    description: string;
    language: string;
    languages: string[];
    shown_language: string;
  }>;
};

beforeAll(async () => {
  ctx = await createTestApp();
  author = await signedInUser(ctx);
  other = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

describe('a listing written in both languages', () => {
  it('reads in English to an English visitor and in Vietnamese to a Vietnamese one', async () => {
    const { id } = await listed({ ...ENGLISH, language: 'en', translation: VIETNAMESE });

    const english = await detail(id, 'en');
    expect(english).toMatchObject({
      title: ENGLISH.title,
      description: ENGLISH.description,
      faq: ENGLISH.faq,
      language: 'en',
      languages: ['en', 'vi'],
      shown_language: 'en',
    });
    const vietnamese = await detail(id, 'vi');
    expect(vietnamese).toMatchObject({
      title: VIETNAMESE.title,
      description: VIETNAMESE.description,
      faq: VIETNAMESE.faq,
      language: 'en',
      languages: ['en', 'vi'],
      shown_language: 'vi',
    });
    // The author's form and the language toggle get both.
    expect(vietnamese.texts).toEqual({ en: ENGLISH, vi: VIETNAMESE });

    // The catalogue's cards switch too, page after page (the cards are cached per language).
    for (let round = 0; round < 2; round++) {
      const inVietnamese = (await cards('limit=48', 'vi')).find((card) => card.id === id);
      expect(inVietnamese).toMatchObject({ title: VIETNAMESE.title, shown_language: 'vi' });
      const inEnglish = (await cards('limit=48', 'en')).find((card) => card.id === id);
      expect(inEnglish).toMatchObject({ title: ENGLISH.title, shown_language: 'en' });
    }
    // Accept-Language decides when the web app does not say.
    const accepted = await call('GET', `/api/workflows/${id}`, null, undefined, {
      'accept-language': 'vi-VN,vi;q=0.9',
    });
    expect(accepted.json().title).toBe(VIETNAMESE.title);
  });

  it('shows an English-only listing to a Vietnamese visitor in English, tagged as such', async () => {
    const { id } = await listed({ title: 'Weekly CRM digest', description: 'Mails a summary every Monday' });
    const shown = await detail(id, 'vi');
    expect(shown).toMatchObject({
      title: 'Weekly CRM digest',
      language: 'en',
      languages: ['en'],
      shown_language: 'en',
    });
    expect(shown.texts.vi).toBeNull();
    const card = (await cards('limit=48', 'vi')).find((item) => item.id === id);
    expect(card).toMatchObject({ title: 'Weekly CRM digest', shown_language: 'en', languages: ['en'] });
  });

  it('takes the language the text is written in when the author does not say', async () => {
    const vietnamese = await created(author, {
      title: 'Tự động gửi báo cáo doanh thu hằng tuần',
      description: 'Tổng hợp đơn hàng và gửi email cho cả nhóm',
    });
    expect(vietnamese.language).toBe('vi');
    const english = await created(author, { title: 'Weekly revenue report', description: 'Sums up orders' });
    expect(english.language).toBe('en');
    // A Vietnamese original with an English translation reads in English to an English visitor.
    const { id } = await listed({
      title: 'Nhắc lịch họp qua Zalo',
      description: 'Gửi lời nhắc trước mỗi cuộc họp',
      translation: { title: 'Meeting reminders on Zalo', description: 'Reminds before each meeting' },
    });
    expect(await detail(id, 'en')).toMatchObject({
      title: 'Meeting reminders on Zalo',
      language: 'vi',
      languages: ['vi', 'en'],
      shown_language: 'en',
    });
    // The translation has no FAQ of its own: the original's is shown.
    expect((await detail(id, 'vi')).title).toBe('Nhắc lịch họp qua Zalo');
  });
});

describe('editing a listed workflow’s translation', () => {
  it('waits for review, shows the author what waits, and is listed once approved', async () => {
    const { id } = await listed({ ...ENGLISH, language: 'en' });
    const card = async () =>
      (await cards('limit=48&sort=created_at_desc', 'vi')).find((item) => item.id === id);
    expect(await card()).toMatchObject({ title: ENGLISH.title, languages: ['en'] });
    const edited = await call('PUT', `/api/workflows/${id}`, author, { translation: VIETNAMESE });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().has_pending_changes).toBe(true);

    // Visitors still read the approved listing, which has no Vietnamese.
    expect(await detail(id, 'vi')).toMatchObject({ title: ENGLISH.title, languages: ['en'] });
    // The author's list shows the waiting translation as it shows every waiting text.
    const mine = await call('GET', '/api/me/workflows', author);
    const own = mine.json().workflows.find((workflow: { id: string }) => workflow.id === id);
    expect(own.review.pending_edit).toEqual({ translation: VIETNAMESE });
    // The reviewer sees it in the queue's edit.
    const queue = await call('GET', '/api/admin/reviews', admin);
    const item = queue.json().items.find((entry: { workflow: { id: string } }) => entry.workflow.id === id);
    expect(item.edit.changes).toEqual({ translation: VIETNAMESE });

    expect((await approve(id)).statusCode).toBe(200);
    expect(await detail(id, 'vi')).toMatchObject({
      title: VIETNAMESE.title,
      languages: ['en', 'vi'],
      shown_language: 'vi',
    });
    // The catalogue's card follows once the index has read the change (its cached card is dropped).
    await expect.poll(async () => (await card())?.title, { timeout: 10_000 }).toBe(VIETNAMESE.title);

    // Removing it is an edit too: until approved the Vietnamese stays listed.
    const removed = await call('PUT', `/api/workflows/${id}`, author, { translation: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await detail(id, 'vi')).title).toBe(VIETNAMESE.title);
    const waiting = await call('GET', '/api/admin/reviews', admin);
    expect(
      waiting.json().items.find((entry: { workflow: { id: string } }) => entry.workflow.id === id).edit
        .changes,
    ).toEqual({ translation: null });
    expect((await approve(id)).statusCode).toBe(200);
    expect(await detail(id, 'vi')).toMatchObject({ title: ENGLISH.title, languages: ['en'] });
  });

  it('changes a workflow that was never approved in place', async () => {
    const { id } = await created(author, { ...ENGLISH });
    const response = await call(
      'PUT',
      `/api/workflows/${id}`,
      author,
      { translation: VIETNAMESE },
      inLanguage('vi'),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: VIETNAMESE.title, languages: ['en', 'vi'] });
  });

  it.each([
    ['an empty title', { ...VIETNAMESE, title: '' }, 'translation.title'],
    ['a title that is too long', { ...VIETNAMESE, title: 'Tiêu đề '.repeat(40) }, 'translation.title'],
    ['a NUL byte', { ...VIETNAMESE, description: 'Gửi hóa đơn\u0000' }, undefined],
  ])('refuses a translation with %s and writes nothing', async (_case, translation, field) => {
    const { id } = await listed({ ...ENGLISH });
    const response = await call('PUT', `/api/workflows/${id}`, author, { translation });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    if (field) expect(response.json().error.field).toBe(field);
    const mine = await call('GET', '/api/me/workflows', author);
    const own = mine.json().workflows.find((workflow: { id: string }) => workflow.id === id);
    expect(own.review.pending_edit).toBeNull();
    expect((await detail(id, 'vi')).languages).toEqual(['en']);

    // Creating with it is refused the same way, and no workflow is made.
    const before = (await call('GET', '/api/me/workflows', author)).json().totalCount;
    const create = await call('POST', '/api/workflows', author, {
      ...ENGLISH,
      translation,
      price: 0,
      file_url: await uploadedUrl(ctx, author, 'workflows'),
    });
    expect(create.statusCode).toBe(400);
    expect((await call('GET', '/api/me/workflows', author)).json().totalCount).toBe(before);
  });

  it('lets neither another user nor an anonymous visitor change the translation', async () => {
    const { id } = await listed({ ...ENGLISH });
    const byOther = await call('PUT', `/api/workflows/${id}`, other, { translation: VIETNAMESE });
    expect(byOther.statusCode).toBe(403);
    const anonymous = await call(
      'PUT',
      `/api/workflows/${id}`,
      { headers: { origin: ctx.env.PUBLIC_URL } },
      { translation: VIETNAMESE },
    );
    expect(anonymous.statusCode).toBe(401);
    const queue = await call('GET', '/api/admin/reviews', admin);
    expect(queue.json().items.some((entry: { workflow: { id: string } }) => entry.workflow.id === id)).toBe(
      false,
    );
    expect((await detail(id, 'vi')).languages).toEqual(['en']);
  });
});

describe('"available in my language"', () => {
  it('keeps listings written in the language or translated into it', async () => {
    const seller = await signedInUser(ctx);
    const make = async (body: Record<string, unknown>) => {
      const workflow = await created(seller, body);
      expect((await approve(workflow.id)).statusCode).toBe(200);
      return workflow.id;
    };
    const english = await make({ title: 'Lead scoring in HubSpot', description: 'Scores new leads' });
    const translated = await make({ ...ENGLISH, translation: VIETNAMESE });
    const vietnamese = await make({
      title: 'Đồng bộ đơn hàng Shopee',
      description: 'Đồng bộ đơn mới về Google Sheets',
    });
    const ids = (list: Array<{ id: string }>) => list.map((card) => card.id).sort();

    // The public catalogue and the seller's own list (a database query) answer alike.
    for (const [session, scope] of [
      [null, `user_id=${seller.user.id}`],
      [seller, 'user_id=me'],
    ] as const) {
      expect(ids(await cards(`${scope}&in_language=vi`, 'vi', session))).toEqual(
        [translated, vietnamese].sort(),
      );
      expect(ids(await cards(`${scope}&in_language=en`, 'vi', session))).toEqual(
        [english, translated].sort(),
      );
      expect(ids(await cards(scope, 'vi', session))).toEqual([english, translated, vietnamese].sort());
    }
    const bad = await call('GET', '/api/workflows?in_language=fr', null);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('in_language');
  });
});

describe('version notes in both languages', () => {
  it('shows each visitor what changed in their language, and both to the author', async () => {
    const { id } = await listed({ ...ENGLISH });
    const added = await call('POST', `/api/workflows/${id}/versions`, author, {
      version: '1.1',
      notes: 'Adds a daily digest',
      notes_translation: 'Thêm bản tóm tắt hằng ngày',
      file_url: await uploadedUrl(ctx, author, 'workflows', n8nExport('Invoice alerts v1.1')),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      notes: 'Adds a daily digest',
      notes_original: 'Adds a daily digest',
      notes_translation: 'Thêm bản tóm tắt hằng ngày',
    });
    const queue = await call('GET', '/api/admin/reviews', admin);
    const item = queue.json().items.find((entry: { workflow: { id: string } }) => entry.workflow.id === id);
    expect(item.versions[0]).toMatchObject({ notes_translation: 'Thêm bản tóm tắt hằng ngày' });
    expect((await approve(id)).statusCode).toBe(200);

    const versions = async (language: 'en' | 'vi') =>
      (await call('GET', `/api/workflows/${id}/versions`, null, undefined, inLanguage(language))).json();
    const [newestVi, firstVi] = await versions('vi');
    expect(newestVi).toMatchObject({
      version: '1.1',
      notes: 'Thêm bản tóm tắt hằng ngày',
      notes_original: 'Adds a daily digest',
      notes_translation: 'Thêm bản tóm tắt hằng ngày',
    });
    // A version without notes in Vietnamese shows its original ones.
    expect(firstVi).toMatchObject({ notes: '', notes_translation: '' });
    expect((await versions('en'))[0].notes).toBe('Adds a daily digest');
  });
});

describe('screenshot captions in both languages', () => {
  it('stores the translated caption and shows the caption in the visitor’s language', async () => {
    const { id } = await created(author, { ...ENGLISH, translation: VIETNAMESE });
    const body = multipartBody(
      { caption: 'The Slack message', caption_translation: 'Tin Slack' },
      {
        name: 'shot.png',
        content: await makeImage('png'),
        type: 'image/png',
      },
    );
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/workflows/${id}/screenshots`,
      payload: body.payload,
      headers: { ...body.headers, ...author.headers },
    });
    expect(added.statusCode, added.body).toBe(201);
    // A caption in each language may come with the upload.
    expect(added.json().screenshots[0]).toMatchObject({
      caption: 'The Slack message',
      caption_translation: 'Tin Slack',
    });
    const [shot] = added.json().screenshots as Array<{ id: string }>;
    const arranged = await call(
      'PUT',
      `/api/workflows/${id}/screenshots`,
      author,
      {
        screenshots: [{ id: shot!.id, caption: 'The Slack message', caption_translation: 'Tin nhắn Slack' }],
      },
      inLanguage('vi'),
    );
    expect(arranged.statusCode, arranged.body).toBe(200);
    expect(arranged.json().screenshots[0]).toMatchObject({
      caption: 'Tin nhắn Slack',
      caption_original: 'The Slack message',
      caption_translation: 'Tin nhắn Slack',
    });
    expect((await approve(id)).statusCode).toBe(200);
    expect((await detail(id, 'vi')).screenshots[0]).toMatchObject({
      caption: 'Tin nhắn Slack',
      caption_original: 'The Slack message',
    });
    expect((await detail(id, 'en')).screenshots[0].caption).toBe('The Slack message');

    // Once listed, a changed translated caption waits for review like the rest.
    const changed = await call('PUT', `/api/workflows/${id}/screenshots`, author, {
      screenshots: [
        { id: shot!.id, caption: 'The Slack message', caption_translation: 'Tin nhắn trong Slack' },
      ],
    });
    expect(changed.json().pending_review).toBe(true);
    expect((await detail(id, 'vi')).screenshots[0].caption).toBe('Tin nhắn Slack');
    const queue = await call('GET', '/api/admin/reviews', admin);
    const item = queue.json().items.find((entry: { workflow: { id: string } }) => entry.workflow.id === id);
    expect(item.edit.changes.screenshots[0]).toMatchObject({ caption_translation: 'Tin nhắn trong Slack' });
  });
});
