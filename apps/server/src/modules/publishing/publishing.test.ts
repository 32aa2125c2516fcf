import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { uploads, workflows } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { readOutbox, sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { addPurchase } from '../../test/factories.ts';
import { n8nExport, n8nNode, slackNode, uploadedUrl } from '../../test/publishing.ts';

const ctx = useTestApp();
let author: TestSession;
let other: TestSession;
let admin: TestSession;
let buyer: TestSession;

const call = sessionCaller(() => ctx);
const uploadFile = (session: TestSession, content?: string) =>
  uploadedUrl(ctx, session, 'workflows', content);
const uploadCover = (session: TestSession) => uploadedUrl(ctx, session, 'covers');
/** A create body with the least a workflow needs: a title, its file, a platform and a use case. */
const minimalBody = (title: string, fileUrl: string, more: Record<string, unknown> = {}) => ({
  title,
  file_url: fileUrl,
  category_ids: ['n8n'],
  subcategory_ids: ['productivity'],
  ...more,
});

async function createWorkflow(session: TestSession, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/workflows', session, {
    title: 'Gửi cảnh báo Slack',
    description: 'Sends an alert',
    price: 0,
    file_url: await uploadFile(session),
    category_ids: ['n8n'],
    subcategory_ids: ['productivity'],
    tested_with: 'n8n 1.64',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const approve = (id: string, session = admin) => call('POST', `/api/admin/workflows/${id}/approve`, session);

beforeAll(async () => {
  author = await signedInUser(ctx, { locale: 'vi' });
  other = await signedInUser(ctx);
  buyer = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
});

describe('the publishing journey (free workflow)', () => {
  it('upload → create (pending, invisible) → approve (e-mail) → listed → new version pending → approved → downloads → delete', async () => {
    const created = await createWorkflow(author);
    expect(created).toMatchObject({
      status: 'pending',
      slug: 'gui-canh-bao-slack',
      tested_with: 'n8n 1.64',
      version: '1.0',
    });
    const id = created.id as string;

    // Pending: the public and other users cannot see it; the author and admins can.
    expect((await call('GET', `/api/workflows/${id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/workflows/${id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/workflows/${id}`, author)).statusCode).toBe(200);
    expect((await call('GET', '/api/workflows', null)).json().workflows).toEqual([]);

    // The queue shows it with the automated checks.
    const queue = (await call('GET', '/api/admin/reviews', admin)).json();
    const item = queue.items.find((entry: { workflow: { id: string } }) => entry.workflow.id === id);
    expect(item).toMatchObject({
      kind: 'new',
      workflow: { title: 'Gửi cảnh báo Slack', category_ids: ['n8n'] },
    });
    expect(item.versions[0].checks).toMatchObject({
      format: 'n8n',
      node_summary: { platform: 'n8n', nodeCount: 2, edgeCount: 1 },
      secrets: { found: 0, redacted: [] },
    });
    expect(item.versions[0].checks.size).toBeGreaterThan(0);
    expect(item.versions[0].checks.requirements).toHaveProperty('nodeTypeVersions');

    const approved = await approve(id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ decision: 'approved', status: 'listed' });
    await ctx.app.jobs.runDue(); // the decision's e-mail is a job
    const mail = readOutbox(ctx, author.user.email).find((sent) =>
      sent.subject.includes('"Gửi cảnh báo Slack"'),
    );
    expect(mail?.subject).toBe('Quy trình "Gửi cảnh báo Slack" đã được phê duyệt');
    expect(mail?.text).toContain(`/workflows/gui-canh-bao-slack-${id}`);

    const listed = (await call('GET', `/api/workflows/${id}`, null)).json();
    expect(listed).toMatchObject({
      status: 'listed',
      version: '1.0',
      file_url: `/api/workflows/${id}/download`,
    });
    expect(
      (await call('GET', '/api/workflows', null)).json().workflows.map((w: { id: string }) => w.id),
    ).toEqual([id]);

    // A new version waits for review while 1.0 stays listed.
    const v11File = await uploadFile(author, n8nExport('Version 1.1'));
    const v11 = await call('POST', `/api/workflows/${id}/versions`, author, {
      version: '1.1',
      notes: 'Sends the alert to a second channel.',
      file_url: v11File,
    });
    expect(v11.statusCode, v11.body).toBe(201);
    expect(v11.json()).toMatchObject({ version: '1.1', review_status: 'pending', is_current: false });
    expect((await call('GET', `/api/workflows/${id}`, null)).json().version).toBe('1.0');
    expect(
      (await call('GET', `/api/workflows/${id}/versions`, null))
        .json()
        .map((v: { version: string }) => v.version),
    ).toEqual(['1.0']);
    const before = await call('GET', `/api/workflows/${id}/download`, null);
    expect(JSON.parse(before.body).name).toBe('Send Slack alerts');
    expect(before.headers['content-disposition']).toContain('filename="gui-canh-bao-slack.json"');

    const duplicate = await call('POST', `/api/workflows/${id}/versions`, author, {
      version: '1.1',
      notes: 'Again',
      file_url: v11File,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('VERSION_EXISTS');

    expect((await approve(id)).statusCode).toBe(200);
    const after = await call('GET', `/api/workflows/${id}/download`, null);
    expect(JSON.parse(after.body).name).toBe('Version 1.1');
    const versions = (await call('GET', `/api/workflows/${id}/versions`, null)).json();
    expect(versions.map((v: { version: string; is_current: boolean }) => [v.version, v.is_current])).toEqual([
      ['1.1', true],
      ['1.0', false],
    ]);
    const old = await call('GET', `/api/workflows/${id}/versions/${versions[1].id}/download`, null);
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-disposition']).toContain('filename="gui-canh-bao-slack-v1.0.json"');

    // Nothing left to review.
    expect((await approve(id)).json().error.code).toBe('CONFLICT');

    const deleted = await call('DELETE', `/api/workflows/${id}`, author);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, deleted: true, buyers_keep_access: false });
    expect((await call('GET', `/api/workflows/${id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/workflows/${id}/download`, author)).statusCode).toBe(404);
  });

  it('queues an edit of a listed workflow; the public sees it only after approval', async () => {
    const { id } = await createWorkflow(author, { title: 'Original title' });
    await approve(id);
    const edit = await call('PUT', `/api/workflows/${id}`, author, {
      title: 'Better title',
      description: 'New words',
      updated_at: new Date().toISOString(),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ title: 'Original title', has_pending_changes: true });
    expect((await call('GET', `/api/workflows/${id}`, null)).json().title).toBe('Original title');
    const mine = (await call('GET', '/api/me/workflows', author)).json();
    const entry = mine.workflows.find((w: { id: string }) => w.id === id);
    expect(entry.review.pending_edit).toEqual({ title: 'Better title', description: 'New words' });
    const queue = (await call('GET', '/api/admin/reviews', admin)).json();
    expect(queue.items.find((i: { workflow: { id: string } }) => i.workflow.id === id)).toMatchObject({
      kind: 'update',
      edit: { changes: { title: 'Better title' } },
    });
    expect((await approve(id)).statusCode).toBe(200);
    expect((await call('GET', `/api/workflows/${id}`, null)).json()).toMatchObject({
      title: 'Better title',
      slug: 'better-title',
      description: 'New words',
      has_pending_changes: false,
    });
    expect(
      (await call('GET', '/api/workflows?search=better', null))
        .json()
        .workflows.map((w: { id: string }) => w.id),
    ).toContain(id);
  });
});

describe('rejection', () => {
  it('needs a reason, e-mails the author, and shows the reason to the author only', async () => {
    const { id } = await createWorkflow(author, { title: 'Will be rejected' });
    const noReason = await call('POST', `/api/admin/workflows/${id}/reject`, admin, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toMatchObject({
      field: 'reason',
      details: { messageKey: 'validation.reasonRequired' },
    });
    const rejected = await call('POST', `/api/admin/workflows/${id}/reject`, admin, {
      reason: 'Mô tả quá ngắn',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ decision: 'rejected', status: 'rejected' });
    await ctx.app.jobs.runDue(); // the decision's e-mail is a job
    // The author may get other decisions' e-mails in the same run: this one is about this workflow.
    const mail = readOutbox(ctx, author.user.email).find((sent) =>
      sent.subject.includes('"Will be rejected"'),
    )!;
    expect(mail.subject).toBe('Quy trình "Will be rejected" chưa được phê duyệt');
    expect(mail.text).toContain('Lý do: Mô tả quá ngắn');
    expect((await call('GET', `/api/workflows/${id}`, null)).statusCode).toBe(404);
    const mine = (await call('GET', '/api/me/workflows', author)).json();
    expect(mine.workflows.find((w: { id: string }) => w.id === id).review).toMatchObject({
      status: 'rejected',
      last_decision: { decision: 'rejected', reason: 'Mô tả quá ngắn' },
    });
    const versions = (await call('GET', `/api/workflows/${id}/versions`, author)).json();
    expect(versions[0]).toMatchObject({ review_status: 'rejected', review_reason: 'Mô tả quá ngắn' });

    // Editing a rejected workflow submits it again.
    const resubmitted = await call('PUT', `/api/workflows/${id}`, author, {
      description: 'A longer description',
    });
    expect(resubmitted.json().status).toBe('pending');
    expect((await approve(id)).statusCode).toBe(200);
    expect((await call('GET', `/api/workflows/${id}`, null)).json().status).toBe('listed');
  });

  it('keeps the approved content listed when an edit is rejected', async () => {
    const { id } = await createWorkflow(author, { title: 'Stable listing' });
    await approve(id);
    await call('PUT', `/api/workflows/${id}`, author, { title: 'Spammy title!!!' });
    const rejected = await call('POST', `/api/admin/workflows/${id}/reject`, admin, { reason: 'Spam' });
    expect(rejected.json()).toMatchObject({ status: 'listed' });
    expect((await call('GET', `/api/workflows/${id}`, null)).json()).toMatchObject({
      title: 'Stable listing',
      has_pending_changes: false,
    });
  });
});

describe('paid workflows', () => {
  it('needs a cover, and only the author, admins and buyers get the file — also after deletion for buyers', async () => {
    const withoutCover = await call('POST', '/api/workflows', author, {
      title: 'Premium invoices',
      price: 150_000,
      file_url: await uploadFile(author),
      category_ids: ['n8n'],
      subcategory_ids: ['finance'],
    });
    expect(withoutCover.statusCode).toBe(400);
    expect(withoutCover.json().error).toMatchObject({
      code: 'COVER_REQUIRED',
      field: 'cover_image_url',
      details: { messageKey: 'validation.coverRequired' },
    });

    const { id, cover_image_url, cover_thumb_url } = await createWorkflow(author, {
      title: 'Premium invoices',
      price: 150_000,
      cover_image_url: await uploadCover(author),
    });
    expect(cover_image_url).toMatch(/^\/files\/covers\//);
    expect(cover_thumb_url).toMatch(/-thumb\.webp$/);
    await approve(id);
    await addPurchase(ctx.db, buyer.user.id, id, 150_000);

    const publicView = (await call('GET', `/api/workflows/${id}`, null)).json();
    expect(publicView).toMatchObject({
      file_url: null,
      workflow_data: null,
      access: { can_download: false },
    });
    expect((await call('GET', `/api/workflows/${id}/versions`, other)).json()[0].file_url).toBeNull();
    const anonymous = await call('GET', `/api/workflows/${id}/download`, null);
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 'PAYMENT_REQUIRED']);
    const stranger = await call('GET', `/api/workflows/${id}/download`, other);
    expect([stranger.statusCode, stranger.json().error.code]).toEqual([403, 'PAYMENT_REQUIRED']);
    for (const session of [author, admin, buyer]) {
      expect((await call('GET', `/api/workflows/${id}/download`, session)).statusCode).toBe(200);
    }
    // Guessing the storage address gets nothing.
    const [file] = await ctx.db.select().from(uploads).where(eq(uploads.folder, 'workflows')).limit(1);
    expect((await call('GET', `/files/${file!.key}`, null)).statusCode).toBe(404);

    const deleted = await call('DELETE', `/api/workflows/${id}`, author);
    expect(deleted.json()).toMatchObject({ buyers_keep_access: true });
    expect((await call('GET', `/api/workflows/${id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/workflows/${id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/workflows/${id}/download`, buyer)).statusCode).toBe(200);
  });
});

describe("a paid workflow's requirements", () => {
  it('show the public the apps, community packages and node count, never credential or node names', async () => {
    const file = JSON.stringify({
      name: 'Private CRM sync',
      nodes: [
        n8nNode('a', 'Lead from Acme landing page', 'n8n-nodes-base.webhook'),
        slackNode('Post to #sales-secret', {
          parameters: { text: 'new lead' },
          credentials: { slackApi: { id: '7', name: 'ceo@acme-corp.example' } },
        }),
        n8nNode('c', 'Score with in-house model', '@acme/n8n-nodes-scoring.score', {
          position: [400, 0],
          credentials: { acmeScoringApi: { id: '8', name: 'Production scoring key (Hoa)' } },
        }),
      ],
      connections: {
        'Lead from Acme landing page': {
          main: [[{ node: 'Post to #sales-secret', type: 'main', index: 0 }]],
        },
        'Post to #sales-secret': { main: [[{ node: 'Score with in-house model', type: 'main', index: 0 }]] },
      },
    });
    const created = await createWorkflow(author, {
      title: 'Paid CRM sync',
      price: 250_000,
      cover_image_url: await uploadCover(author),
      file_url: await uploadFile(author, file),
    });
    expect((await approve(created.id)).statusCode).toBe(200);
    const buyerOfThis = await signedInUser(ctx);
    await addPurchase(ctx.db, buyerOfThis.user.id, created.id, 250_000);

    const detail = async (session: TestSession | null) => {
      const response = await call('GET', `/api/workflows/${created.id}`, session);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const privateWords = /acme-corp|ceo@|Hoa|sales-secret|landing page|in-house/;
    for (const session of [null, other]) {
      const shown = await detail(session);
      expect(JSON.stringify(shown)).not.toMatch(privateWords);
      expect(shown.requirements.credentials).toEqual([
        { app: 'slack', type: 'slackApi', names: [], nodes: [] },
        { app: expect.any(String), type: 'acmeScoringApi', names: [], nodes: [] },
      ]);
      expect(shown.requirements.communityPackages).toEqual(['@acme/n8n-nodes-scoring']);
      expect(shown.node_summary.nodeCount).toBe(3);
      expect(shown.node_summary.apps.map((app: { key: string }) => app.key)).toContain('slack');
    }
    for (const session of [author, admin, buyerOfThis]) {
      const shown = await detail(session);
      expect(shown.requirements.credentials).toEqual([
        {
          app: 'slack',
          type: 'slackApi',
          names: ['ceo@acme-corp.example'],
          nodes: ['Post to #sales-secret'],
        },
        {
          app: expect.any(String),
          type: 'acmeScoringApi',
          names: ['Production scoring key (Hoa)'],
          nodes: ['Score with in-house model'],
        },
      ]);
    }
  });
});

describe('refusals', () => {
  let listedId: string;
  let pendingId: string;
  beforeAll(async () => {
    listedId = (await createWorkflow(author, { title: 'Listed for refusals' })).id;
    await approve(listedId);
    pendingId = (await createWorkflow(author, { title: 'Pending for refusals' })).id;
  });

  it('refuses the anonymous caller on every write with 401', async () => {
    const file = await uploadFile(author);
    const attempts = [
      call('POST', '/api/workflows', null, { title: 'Anonymous', file_url: file }),
      call('PUT', `/api/workflows/${listedId}`, null, { title: 'Anonymous' }),
      call('DELETE', `/api/workflows/${listedId}`, null),
      call('POST', `/api/workflows/${listedId}/versions`, null, {
        version: '9.0',
        notes: 'Nine',
        file_url: file,
      }),
      call('POST', '/api/workflow-categories', null, [{ workflow_id: listedId, category_id: 'make' }]),
      call('POST', `/api/admin/workflows/${pendingId}/approve`, null),
      call('POST', `/api/admin/workflows/${pendingId}/reject`, null, { reason: 'x' }),
      call('GET', '/api/admin/reviews', null),
      call('GET', '/api/me/workflows', null),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses another user with 403 on a listed workflow and 404 on one they cannot see', async () => {
    const file = await uploadFile(other);
    for (const response of [
      await call('PUT', `/api/workflows/${listedId}`, other, { title: 'Hijacked title' }),
      await call('DELETE', `/api/workflows/${listedId}`, other),
      await call('POST', `/api/workflows/${listedId}/versions`, other, {
        version: '9.0',
        notes: 'Nine',
        file_url: file,
      }),
      await call('POST', '/api/workflow-categories', other, [{ workflow_id: listedId, category_id: 'make' }]),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect(
      (await call('PUT', `/api/workflows/${pendingId}`, other, { title: 'Hijacked title' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/workflows/${listedId}`, null)).json().title).toBe('Listed for refusals');
  });

  it('refuses non-admins on the review endpoints with 403', async () => {
    for (const response of [
      await call('GET', '/api/admin/reviews', author),
      await approve(pendingId, author),
      await call('POST', `/api/admin/workflows/${pendingId}/reject`, other, { reason: 'x' }),
      await call('GET', '/api/admin/reports', other),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it("refuses a file or cover that is not the caller's own upload", async () => {
    const othersFile = await uploadFile(other);
    const response = await call('POST', '/api/workflows', author, minimalBody('Stolen file', othersFile));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'UPLOAD_NOT_FOUND', field: 'file_url' });
    const cover = await call('POST', '/api/workflows', author, {
      title: 'Stolen cover',
      price: 50_000,
      file_url: await uploadFile(author),
      cover_image_url: await uploadCover(other),
    });
    expect(cover.json().error).toMatchObject({ code: 'UPLOAD_NOT_FOUND', field: 'cover_image_url' });
    const coverAsFile = await call('POST', '/api/workflows', author, {
      title: 'Cover as file',
      file_url: await uploadCover(author),
    });
    expect(coverAsFile.json().error).toMatchObject({ code: 'UPLOAD_NOT_FOUND', field: 'file_url' });
  });

  it.each([
    [{ title: 'abc' }, 'title', 'validation.titleMin', 'Tiêu đề phải có ít nhất 5 ký tự.'],
    [
      { description: 'x'.repeat(20_001) },
      'description',
      'validation.descriptionMax',
      'Mô tả không được vượt quá 20.000 ký tự.',
    ],
    [{ price: -1 }, 'price', 'validation.priceNonNegative', 'Giá phải là số không âm.'],
    [
      { category_ids: [] },
      'category_ids',
      'validation.platformRequired',
      'Bạn phải chọn ít nhất một nền tảng.',
    ],
    [
      { subcategory_ids: [] },
      'subcategory_ids',
      'validation.jobTypeRequired',
      'Bạn phải chọn ít nhất một nhu cầu sử dụng.',
    ],
    [{ file_url: '' }, 'file_url', 'validation.fileRequired', 'Vui lòng tải lên tệp quy trình.'],
  ])(
    'validates %j as docs/product.md says (publishing), in the caller language',
    async (change, field, messageKey, message) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/workflows',
        headers: { ...author.headers, 'x-language': 'vi' },
        payload: minimalBody('Valid title', 'upload://workflows/x/y.json', change),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        field,
        message,
        details: { messageKey },
      });
    },
  );

  it('leaves no workflow behind when the create fails half-way', async () => {
    const countWorkflows = async () => Number((await ctx.db.select({ n: count() }).from(workflows))[0]!.n);
    const before = await countWorkflows();
    const file = await uploadFile(author);
    const response = await call(
      'POST',
      '/api/workflows',
      author,
      minimalBody('Half made', file, { subcategory_ids: ['productivity', 'no-such-use-case'] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      field: 'subcategory_ids',
      details: { messageKey: 'validation.unknownJobType' },
    });
    expect(await countWorkflows()).toBe(before);
    // The upload is still the author's to use (or to be swept later).
    const retry = await call('POST', '/api/workflows', author, minimalBody('Half made', file));
    expect(retry.statusCode).toBe(201);
  });

  it('lets only one of two concurrent requests add the same version', async () => {
    const [a, b] = await Promise.all([uploadFile(author), uploadFile(author)]);
    const responses = await Promise.all([
      call('POST', `/api/workflows/${listedId}/versions`, author, {
        version: '2.0',
        notes: 'Two',
        file_url: a,
      }),
      call('POST', `/api/workflows/${listedId}/versions`, author, {
        version: '2.0',
        notes: 'Two',
        file_url: b,
      }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets an admin edit any workflow, through the same review', async () => {
    const response = await call('PUT', `/api/workflows/${listedId}`, admin, {
      description: 'Fixed by an admin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().has_pending_changes).toBe(true);
  });

  it('links categories through the link endpoints', async () => {
    const response = await call('POST', '/api/workflow-subcategories', author, [
      { workflow_id: pendingId, subcategory_id: 'marketing' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const detail = (await call('GET', `/api/workflows/${pendingId}`, author)).json();
    expect(
      detail.workflow_subcategories.map((s: { subcategory_id: string }) => s.subcategory_id).sort(),
    ).toEqual(['marketing', 'productivity']);
  });
});
