import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '@flowbay/domain/markdown-html';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import {
  makeImage,
  multipartBody,
  n8nExport,
  sweepUnusedUploads,
  uploadedUrl,
} from '../../test/publishing.ts';

/** The storage key behind a screenshot's public URL (`…/files/screenshots/…`). */
const storageKeyOf = (shot: { url: string }) =>
  new URL(shot.url, 'http://x').pathname.replace(/^.*?(screenshots\/)/, '$1');

/** Rich listings: markdown descriptions, screenshots, a product FAQ, and "what changed" on every version. */
let ctx: TestContext;
let author: TestSession;
let other: TestSession;
let admin: TestSession;

const call = sessionCaller(() => ctx);
const uploadFile = (session: TestSession, content?: string) =>
  uploadedUrl(ctx, session, 'workflows', content);
const approve = (id: string) => call('POST', `/api/admin/workflows/${id}/approve`, admin);

async function created(session: TestSession, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/workflows', session, {
    title: 'Invoice alerts to Slack',
    description: 'Posts each new invoice',
    price: 0,
    file_url: await uploadFile(session),
    category_ids: ['n8n'],
    subcategory_ids: ['finance'],
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

function addScreenshot(
  session: TestSession | null,
  workflowId: string,
  content: Buffer,
  options: { caption?: string; name?: string; type?: string } = {},
) {
  const body = multipartBody(options.caption !== undefined ? { caption: options.caption } : {}, {
    name: options.name ?? 'shot.png',
    content,
    type: options.type ?? 'image/png',
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/workflows/${workflowId}/screenshots`,
    payload: body.payload,
    headers: { ...body.headers, ...(session?.headers ?? { origin: ctx.env.PUBLIC_URL }) },
  });
}

async function queueItem(id: string) {
  const response = await call('GET', '/api/admin/reviews', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.find((item: { workflow: { id: string } }) => item.workflow.id === id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  author = await signedInUser(ctx);
  other = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'strong',
  'em',
  'del',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'br',
  'hr',
];

describe('descriptions are sanitised markdown', () => {
  it('drops scripts, raw HTML and javascript: links, and marks links nofollow ugc', () => {
    const html = renderMarkdown(
      [
        '# Setup',
        '',
        'Hello <script>alert(1)</script> <img src=x onerror=alert(2)> **bold**',
        '',
        '<div onclick="steal()">raw block</div>',
        '',
        '[docs](https://example.com/docs) [bad](javascript:alert(3)) [tab](java\tscript:alert(4))',
        '[entity](&#106;avascript:alert(5)) [data](data:text/html,hi) [page](/workflows)',
        '',
        '| Step | What |',
        '| --- | --- |',
        '| 1 | <b>connect</b> |',
        '',
        '```js',
        '<script>inside()</script>',
        '```',
      ].join('\n'),
    );
    // Every tag in the output is one the allow-list renders, with only its own attributes.
    const tags = [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)];
    for (const [, name, attributes] of tags) {
      expect(ALLOWED_TAGS).toContain(name);
      for (const [, attribute] of attributes!.matchAll(/\s([a-z-]+)=/gi)) {
        expect(['href', 'rel', 'target', 'title', 'class']).toContain(attribute);
      }
    }
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https:\/\/|\/)/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain(
      '<a href="https://example.com/docs" rel="nofollow ugc noopener" target="_blank">docs</a>',
    );
    expect(html).toContain('<a href="/workflows" rel="nofollow ugc noopener">page</a>');
    // A refused link keeps its words, without the address.
    expect(html).toMatch(/>bad<|\sbad\s/);
    expect(html).toContain('<table>');
    expect(html).toContain('<td>&lt;b&gt;connect&lt;/b&gt;</td>');
    expect(html).toContain(
      '<pre><code class="language-js">&lt;script&gt;inside()&lt;/script&gt;</code></pre>',
    );
    // The page title is the only h1: an author's # is an h2.
    expect(html).toContain('<h2>Setup</h2>');
  });

  it('accepts 20,000 characters and refuses one more with the message naming the limit', async () => {
    const longest = await created(author, { description: 'x'.repeat(20_000) });
    expect((await call('GET', `/api/workflows/${longest.id}`, author)).json().description).toHaveLength(
      20_000,
    );
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/workflows/${longest.id}`,
      headers: { ...author.headers, 'x-language': 'en' },
      payload: { description: 'x'.repeat(20_001) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'description',
      message: 'Description cannot exceed 20,000 characters.',
      details: { messageKey: 'validation.descriptionMax' },
    });
  });
});

describe('screenshots', () => {
  it('stores each as WebP at most 1600 px wide with its size, up to 8, and refuses a 9th', async () => {
    const workflow = await created(author);
    const first = await addScreenshot(author, workflow.id, await makeImage('png', 2400, 1200), {
      caption: 'The canvas',
    });
    expect(first.statusCode, first.body).toBe(201);
    const [shot] = first.json().screenshots;
    expect(shot).toMatchObject({ width: 1600, height: 800, caption: 'The canvas' });
    expect(shot.url).toMatch(/screenshots\/.+\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: new URL(shot.url, 'http://x').pathname });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    for (const format of ['jpeg', 'webp', 'png', 'png', 'png', 'png', 'png'] as const) {
      const response = await addScreenshot(author, workflow.id, await makeImage(format, 640, 360));
      expect(response.statusCode, response.body).toBe(201);
    }
    const ninth = await addScreenshot(author, workflow.id, await makeImage('png', 640, 360));
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json().error.code).toBe('SCREENSHOT_LIMIT');

    const detail = (await call('GET', `/api/workflows/${workflow.id}`, author)).json();
    expect(detail.screenshots).toHaveLength(8);
    expect(detail.screenshots[1]).toMatchObject({ width: 640, height: 360, caption: '' });
  });

  it('refuses a file that is not a JPEG, PNG or WebP by its bytes, whatever its name says', async () => {
    const workflow = await created(author);
    const fake = await addScreenshot(author, workflow.id, Buffer.from('<svg onload="alert(1)"></svg>'), {
      name: 'shot.png',
      type: 'image/png',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toMatchObject({ code: 'INVALID_IMAGE', field: 'file' });
    const gif = await addScreenshot(author, workflow.id, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    expect(gif.json().error.code).toBe('INVALID_IMAGE');
    expect((await call('GET', `/api/workflows/${workflow.id}`, author)).json().screenshots).toEqual([]);
  });

  it('lets only the author or an admin add, reorder or remove them', async () => {
    const workflow = await created(author);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const image = await makeImage('png', 320, 200);
    const anonymous = await addScreenshot(null, workflow.id, image);
    expect(anonymous.statusCode).toBe(401);
    const stranger = await addScreenshot(other, workflow.id, image);
    expect(stranger.statusCode).toBe(403);
    const strangerOrder = await call('PUT', `/api/workflows/${workflow.id}/screenshots`, other, {
      screenshots: [],
    });
    expect(strangerOrder.statusCode).toBe(403);
    expect((await call('GET', `/api/workflows/${workflow.id}/screenshots`, other)).statusCode).toBe(403);
    // A workflow the stranger cannot see at all is "not found".
    const hidden = await created(author);
    expect((await addScreenshot(other, hidden.id, image)).statusCode).toBe(404);
    expect((await addScreenshot(admin, workflow.id, image)).statusCode).toBe(201);
  });

  it('on a listed workflow, waits for review; reorder and removal too, then approval shows them', async () => {
    const workflow = await created(author);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const a = (
      await addScreenshot(author, workflow.id, await makeImage('png', 300, 200), { caption: 'A' })
    ).json();
    expect(a.pending_review).toBe(true);
    const b = (
      await addScreenshot(author, workflow.id, await makeImage('jpeg', 400, 200), { caption: 'B' })
    ).json();
    expect(b.screenshots.map((shot: { caption: string }) => shot.caption)).toEqual(['A', 'B']);
    // The public page still shows the approved listing: no screenshots yet.
    const publicDetail = (await call('GET', `/api/workflows/${workflow.id}`, null)).json();
    expect(publicDetail.screenshots).toEqual([]);
    expect(publicDetail.has_pending_changes).toBe(true);

    const [first, second] = b.screenshots as { id: string; url: string }[];
    const reordered = await call('PUT', `/api/workflows/${workflow.id}/screenshots`, author, {
      screenshots: [{ id: second!.id, caption: 'Second first' }],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().screenshots).toMatchObject([{ id: second!.id, caption: 'Second first' }]);
    // The removed one was never shown to anyone: its file is gone; the kept one is still served.
    const served = (shot: { url: string }) =>
      ctx.app.inject({ method: 'GET', url: new URL(shot.url, 'http://x').pathname });
    expect((await served(first!)).statusCode).toBe(404);
    expect((await served(second!)).statusCode).toBe(200);
    const unknown = await call('PUT', `/api/workflows/${workflow.id}/screenshots`, author, {
      screenshots: [{ id: first!.id }, { id: 'not-one-of-them' }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SCREENSHOT_NOT_FOUND');

    const item = await queueItem(workflow.id);
    expect(item.edit.changes.screenshots_changed).toBe(true);
    expect(item.edit.changes.screenshots).toMatchObject([
      { id: second!.id, caption: 'Second first', width: 400, height: 200 },
    ]);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const listed = (await call('GET', `/api/workflows/${workflow.id}`, null)).json();
    expect(listed.screenshots).toMatchObject([{ id: second!.id, caption: 'Second first' }]);
  });
});

describe('screenshots nobody shows any more', () => {
  it('are swept with their files: one an approved edit replaced and those of a rejected edit; shown ones stay', async () => {
    const sweep = () => sweepUnusedUploads(ctx);
    const stored = async (shot: { url: string }) => (await ctx.storage.get(storageKeyOf(shot))) !== null;
    const workflow = await created(author);
    const old = (await addScreenshot(author, workflow.id, await makeImage('png', 300, 200))).json()
      .screenshots[0] as { id: string; url: string };
    expect((await approve(workflow.id)).statusCode).toBe(200);

    // An edit replaces the listed screenshot: the listed one stays while the edit waits.
    const added = (await addScreenshot(author, workflow.id, await makeImage('png', 320, 200))).json();
    const replacement = added.screenshots[1] as { id: string; url: string };
    const arranged = await call('PUT', `/api/workflows/${workflow.id}/screenshots`, author, {
      screenshots: [{ id: replacement.id }],
    });
    expect(arranged.statusCode, arranged.body).toBe(200);
    await sweep();
    expect([await stored(old), await stored(replacement)]).toEqual([true, true]);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    await sweep();
    expect([await stored(old), await stored(replacement)]).toEqual([false, true]);

    // A rejected edit's new screenshot is swept; the listed one is not.
    const rejectedShot = (await addScreenshot(author, workflow.id, await makeImage('png', 340, 200))).json()
      .screenshots[1] as { url: string };
    const rejected = await call('POST', `/api/admin/workflows/${workflow.id}/reject`, admin, {
      reason: 'The new screenshot shows a customer’s data',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await sweep();
    expect([await stored(rejectedShot), await stored(replacement)]).toEqual([false, true]);
    const listed = (await call('GET', `/api/workflows/${workflow.id}`, null)).json();
    expect(listed.screenshots).toMatchObject([{ id: replacement.id }]);
  });
});

describe('the product FAQ', () => {
  const faq = [
    { question: 'Does it work with n8n cloud?', answer: 'Yes, on version 1.0 and later.' },
    { question: 'Có hỗ trợ tiếng Việt không?', answer: 'Có.' },
  ];

  it('is saved with the listing and shown on the detail page', async () => {
    const workflow = await created(author, { faq });
    expect((await call('GET', `/api/workflows/${workflow.id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/workflows/${workflow.id}`, author)).json().faq).toEqual(faq);
  });

  it.each([
    [
      Array.from({ length: 11 }, (_, i) => ({ question: `Q${i}`, answer: 'A' })),
      'validation.faqMax',
      'A listing can have at most 10 questions.',
    ],
    [[{ question: '  ', answer: 'A' }], 'validation.faqQuestion', 'Each question needs 1 to 300 characters.'],
    [
      [{ question: 'Q', answer: 'x'.repeat(2001) }],
      'validation.faqAnswer',
      'Each answer needs 1 to 2,000 characters.',
    ],
  ])('refuses %#: %s', async (items, messageKey, message) => {
    const workflow = await created(author);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/workflows/${workflow.id}`,
      headers: { ...author.headers, 'x-language': 'en' },
      payload: { faq: items },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      details: { messageKey },
    });
    expect((await call('GET', `/api/workflows/${workflow.id}`, author)).json().faq).toEqual([]);
  });

  it('changes on a listed workflow wait for review like other edits', async () => {
    const workflow = await created(author);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const put = await call('PUT', `/api/workflows/${workflow.id}`, author, { faq });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call('GET', `/api/workflows/${workflow.id}`, null)).json().faq).toEqual([]);
    expect((await queueItem(workflow.id)).edit.changes.faq).toEqual(faq);
    expect((await call('PUT', `/api/workflows/${workflow.id}`, other, { faq: [] })).statusCode).toBe(403);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    expect((await call('GET', `/api/workflows/${workflow.id}`, null)).json().faq).toEqual(faq);
  });
});

describe('every new version says what changed', () => {
  it('refuses a version without notes or with more than 2,000 characters', async () => {
    const workflow = await created(author);
    const file = await uploadFile(author, n8nExport('Version 2'));
    for (const [notes, key] of [
      [undefined, 'validation.notesRequired'],
      ['   ', 'validation.notesRequired'],
      ['x'.repeat(2001), 'validation.notesMax'],
    ] as const) {
      const response = await call('POST', `/api/workflows/${workflow.id}/versions`, author, {
        version: '2.0',
        file_url: file,
        ...(notes === undefined ? {} : { notes }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ field: 'notes', details: { messageKey: key } });
    }
    const versions = (await call('GET', `/api/workflows/${workflow.id}/versions`, author)).json();
    expect(versions.map((version: { version: string }) => version.version)).toEqual(['1.0']);
  });

  it('shows the notes to the reviewer and, once approved, in the public version history', async () => {
    const workflow = await created(author);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const notes = 'Gửi thêm cảnh báo qua e-mail.\nAlso retries failed calls.';
    const added = await call('POST', `/api/workflows/${workflow.id}/versions`, author, {
      version: '1.1',
      notes,
      file_url: await uploadFile(author, n8nExport('Version 1.1')),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().notes).toBe(notes);
    expect((await queueItem(workflow.id)).versions[0]).toMatchObject({ version: '1.1', notes });
    // Anonymous visitors see no unapproved version.
    expect(
      (await call('GET', `/api/workflows/${workflow.id}/versions`, null))
        .json()
        .map((v: { notes: string }) => v.notes),
    ).toEqual(['']);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const history = (await call('GET', `/api/workflows/${workflow.id}/versions`, null)).json();
    expect(
      history.map((version: { version: string; notes: string }) => [version.version, version.notes]),
    ).toEqual([
      ['1.1', notes],
      ['1.0', ''],
    ]);
  });
});
