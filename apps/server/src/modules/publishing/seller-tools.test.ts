import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { n8nExport, n8nNode, uploadedUrl } from '../../test/publishing.ts';

/** Issue 12, "seller tools that cannot mislead": prices, platforms from the file, duplicates, full edits. */
let ctx: TestContext;
let author: TestSession;
let other: TestSession;
let admin: TestSession;

const makeBlueprint = (name = 'Calendar to Slack') =>
  JSON.stringify({
    name,
    flow: [
      {
        id: 1,
        module: 'google-calendar:watchEvents',
        version: 5,
        parameters: {},
        mapper: {},
        metadata: { designer: { x: 0, y: 0 } },
      },
      {
        id: 2,
        module: 'slack:CreateMessage',
        version: 4,
        parameters: {},
        mapper: { text: 'hi' },
        metadata: { designer: { x: 300, y: 0 } },
      },
    ],
    metadata: { instant: false, version: 1, scenario: { roundtrips: 1, maxErrors: 3 } },
  });
const httpNode = n8nNode('c', 'Fetch invoice', 'n8n-nodes-base.httpRequest', {
  typeVersion: 4,
  position: [400, 0],
  parameters: { url: 'https://example.com' },
});

const call = sessionCaller(() => ctx);
const uploadFile = (session: TestSession, content?: string) =>
  uploadedUrl(ctx, session, 'workflows', content);
const uploadCover = (session: TestSession) => uploadedUrl(ctx, session, 'covers');
async function create(session: TestSession, overrides: Record<string, unknown> = {}, file?: string) {
  return call('POST', '/api/workflows', session, {
    title: 'Invoice alerts to Slack',
    description: 'Posts each new invoice',
    price: 0,
    file_url: await uploadFile(session, file),
    category_ids: ['n8n'],
    subcategory_ids: ['finance'],
    ...overrides,
  });
}
async function created(session: TestSession, overrides: Record<string, unknown> = {}, file?: string) {
  const response = await create(session, overrides, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; slug: string; price: number };
}
const approve = (id: string) => call('POST', `/api/admin/workflows/${id}/approve`, admin);
async function queueItem(id: string) {
  const response = await call('GET', '/api/admin/reviews', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.find((item: { workflow: { id: string } }) => item.workflow.id === id);
}
async function myWorkflowCount(session: TestSession) {
  return (await call('GET', '/api/me/workflows', session)).json().total as number;
}

beforeAll(async () => {
  ctx = await createTestApp();
  author = await signedInUser(ctx, { locale: 'vi' });
  other = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

describe('prices are read the Vietnamese way, with a minimum and a maximum', () => {
  it.each([
    ['99.000', 99_000],
    ['99,000', 99_000],
    ['1.250.000', 1_250_000],
    ['99 000 đ', 99_000],
    [250_000, 250_000],
  ])('creates a workflow priced %j at %d đồng', async (price, amount) => {
    const workflow = await created(author, { price, cover_image_url: await uploadCover(author) });
    expect(workflow.price).toBe(amount);
  });

  it.each([
    [5_000, 'validation.priceMin', 'Giá bán tối thiểu là 10.000 VNĐ (hoặc 0 nếu miễn phí).'],
    ['9.999', 'validation.priceMin', 'Giá bán tối thiểu là 10.000 VNĐ (hoặc 0 nếu miễn phí).'],
    [100_000_001, 'validation.priceMax', 'Giá tối đa là 100.000.000 VNĐ.'],
    ['1.5', 'validation.priceWhole', 'Giá phải là số đồng nguyên.'],
    [-1, 'validation.priceNonNegative', 'Giá phải là số không âm.'],
  ])('refuses %j on create with %s and a translated message, creating nothing', async (price, key, vi) => {
    const before = await myWorkflowCount(author);
    const response = await call(
      'POST',
      '/api/workflows',
      author,
      {
        title: 'Refused price',
        price,
        file_url: await uploadFile(author),
        cover_image_url: await uploadCover(author),
      },
      { 'accept-language': 'vi' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'price',
      message: vi,
      details: { messageKey: key },
    });
    expect(await myWorkflowCount(author)).toBe(before);
  });

  it('applies the same rules on edit', async () => {
    const workflow = await created(author, { cover_image_url: await uploadCover(author) });
    const tooLow = await call('PUT', `/api/workflows/${workflow.id}`, author, { price: '5.000' });
    expect(tooLow.json().error).toMatchObject({
      field: 'price',
      details: { messageKey: 'validation.priceMin' },
    });
    const tooHigh = await call('PUT', `/api/workflows/${workflow.id}`, author, { price: '200.000.000' });
    expect(tooHigh.json().error).toMatchObject({ details: { messageKey: 'validation.priceMax' } });
    const saved = await call('PUT', `/api/workflows/${workflow.id}`, author, { price: '149.000' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().price).toBe(149_000);
  });
});

describe('the platform comes from the file', () => {
  it('refuses an n8n file listed as Zapier or Make, and links the detected platform when none is named', async () => {
    const before = await myWorkflowCount(author);
    for (const platform of ['zapier', 'make']) {
      const response = await create(author, { category_ids: [platform] });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'PLATFORM_MISMATCH', field: 'category_ids' });
    }
    const both = await create(author, { category_ids: ['n8n', 'zapier'] });
    expect(both.json().error.code).toBe('PLATFORM_MISMATCH');
    expect(await myWorkflowCount(author)).toBe(before);

    const make = await created(author, { category_ids: undefined }, makeBlueprint());
    const item = await queueItem(make.id);
    expect(item.workflow.category_ids).toEqual(['make']);
    expect(item.platforms).toEqual({ declared: ['make'], detected: 'make', mismatch: false });
  });

  it('refuses an edit or a link to another platform, before and after listing', async () => {
    const workflow = await created(author);
    const edit = await call('PUT', `/api/workflows/${workflow.id}`, author, { category_ids: ['zapier'] });
    expect(edit.json().error.code).toBe('PLATFORM_MISMATCH');
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const listedEdit = await call('PUT', `/api/workflows/${workflow.id}`, author, { category_ids: ['make'] });
    expect(listedEdit.json().error.code).toBe('PLATFORM_MISMATCH');
    const link = await call('POST', '/api/workflow-categories', author, [
      { workflow_id: workflow.id, category_id: 'zapier' },
    ]);
    expect(link.json().error.code).toBe('PLATFORM_MISMATCH');
    const detail = (await call('GET', `/api/workflows/${workflow.id}`, author)).json();
    expect(detail.has_pending_changes).toBe(false);
  });

  it('refuses a new version for another platform; the review shows what a same-platform version changes', async () => {
    const workflow = await created(author);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const refused = await call('POST', `/api/workflows/${workflow.id}/versions`, author, {
      version: '2.0',
      notes: 'Moved to Make',
      file_url: await uploadFile(author, makeBlueprint()),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VERSION_PLATFORM_CHANGED',
      field: 'file_url',
      details: { current: 'n8n', submitted: 'make' },
    });
    const versions = (await call('GET', `/api/workflows/${workflow.id}/versions`, author)).json();
    expect(versions.map((version: { version: string }) => version.version)).toEqual(['1.0']);

    const accepted = await call('POST', `/api/workflows/${workflow.id}/versions`, author, {
      version: '1.1',
      notes: 'Adds an HTTP call',
      file_url: await uploadFile(author, n8nExport('Invoice alerts', httpNode)),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const item = await queueItem(workflow.id);
    expect(item.kind).toBe('update');
    expect(item.versions[0].diff).toEqual({
      nodes_added: ['n8n-nodes-base.httpRequest|Fetch invoice'],
      nodes_removed: [],
      apps_added: ['HTTP Request'],
      apps_removed: [],
    });
  });
});

describe('copies of another listing are flagged to the reviewer', () => {
  it('links an identical file and a near copy to the listing they copy; an unrelated file is not flagged', async () => {
    const original = await created(author, {}, n8nExport('The original', httpNode));
    expect((await approve(original.id)).statusCode).toBe(200);

    const copy = await created(other, {}, n8nExport('The original', httpNode));
    const copyItem = await queueItem(copy.id);
    expect(copyItem.versions[0].duplicates).toContainEqual({
      workflow_id: original.id,
      title: 'Invoice alerts to Slack',
      status: 'listed',
      path: `/workflows/${original.slug}-${original.id}`,
      match: 'identical',
      similarity: 1,
    });

    const renamed = await created(other, {}, n8nExport('Renamed copy', httpNode));
    const renamedItem = await queueItem(renamed.id);
    expect(renamedItem.versions[0].duplicates).toContainEqual(
      expect.objectContaining({ workflow_id: original.id, match: 'similar', similarity: 1 }),
    );

    const unrelated = await created(other, { category_ids: ['make'] }, makeBlueprint('Something else'));
    const unrelatedItem = await queueItem(unrelated.id);
    expect(
      unrelatedItem.versions[0].duplicates.map((match: { workflow_id: string }) => match.workflow_id),
    ).not.toContain(original.id);
  });
});

describe('the edit page can change everything create sets', () => {
  it('a listed free workflow becomes paid with a new cover, use cases and "tested with", through review', async () => {
    const workflow = await created(author, { tested_with: 'n8n 1.60' });
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const cover = await uploadCover(author);
    const edit = await call('PUT', `/api/workflows/${workflow.id}`, author, {
      title: 'Invoice alerts, now paid',
      description: 'Better',
      price: '79.000',
      cover_image_url: cover,
      tested_with: 'n8n 1.80',
      category_ids: ['n8n'],
      subcategory_ids: ['sales-crm', 'messaging'],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The approved content stays listed until the edit is approved.
    const during = (await call('GET', `/api/workflows/${workflow.id}`, null)).json();
    expect(during).toMatchObject({ price: 0, tested_with: 'n8n 1.60' });
    expect((await queueItem(workflow.id)).edit.changes).toMatchObject({
      price: 79_000,
      cover_changed: true,
      tested_with: 'n8n 1.80',
      subcategory_ids: ['sales-crm', 'messaging'],
    });
    expect((await approve(workflow.id)).statusCode).toBe(200);
    const after = (await call('GET', `/api/workflows/${workflow.id}`, null)).json();
    expect(after).toMatchObject({
      title: 'Invoice alerts, now paid',
      price: 79_000,
      tested_with: 'n8n 1.80',
    });
    expect(after.cover_image_url).toBeTruthy();
    expect(
      after.workflow_subcategories.map((item: { subcategory_id: string }) => item.subcategory_id).sort(),
    ).toEqual(['messaging', 'sales-crm']);
  });

  it('a rejected listing is fixed and resubmitted, then approved', async () => {
    const workflow = await created(author);
    const rejected = await call('POST', `/api/admin/workflows/${workflow.id}/reject`, admin, {
      reason: 'Pick a better use case',
    });
    expect(rejected.json().status).toBe('rejected');
    const fixed = await call('PUT', `/api/workflows/${workflow.id}`, author, { subcategory_ids: ['email'] });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().status).toBe('pending');
    expect((await queueItem(workflow.id)).workflow.subcategory_ids).toEqual(['email']);
    expect((await approve(workflow.id)).json().status).toBe('listed');
  });

  it('refuses the anonymous caller, another user, a non-admin reviewer and a foreign page', async () => {
    const workflow = await created(author);
    const change = { price: '99.000', cover_image_url: await uploadCover(author) };
    expect((await call('PUT', `/api/workflows/${workflow.id}`, null, change)).statusCode).toBe(401);
    expect(
      (await call('PUT', `/api/workflows/${workflow.id}`, other, { title: 'Taken over' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/reviews', other)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/reviews', null)).statusCode).toBe(401);
    const foreign = await call('PUT', `/api/workflows/${workflow.id}`, author, change, {
      origin: 'http://localhost:4444',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await approve(workflow.id)).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/workflows/${workflow.id}`, other, { title: 'Taken over' })).statusCode,
    ).toBe(403);
    const detail = (await call('GET', `/api/workflows/${workflow.id}`, null)).json();
    expect(detail).toMatchObject({ title: 'Invoice alerts to Slack', price: 0 });
    expect((await call('GET', `/api/workflows/${workflow.id}`, author)).json().has_pending_changes).toBe(
      false,
    );
  });
});
