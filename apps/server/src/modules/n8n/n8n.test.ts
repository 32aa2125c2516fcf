import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, signInAs, type TestSession } from '../../test/auth.ts';
import { purchases } from '../../db/schema.ts';
import { addPurchase, createUser, createWorkflow } from '../../test/factories.ts';

let ctx: TestContext;
const call = sessionCaller(() => ctx);
const numbers: Record<string, number> = {};
const ids: Record<string, string> = {};
let buyer: TestSession;
let stranger: TestSession;

const node = (name: string, type = 'n8n-nodes-base.googleSheets') => ({
  id: name,
  name,
  type,
  typeVersion: 4,
  position: [0, 0],
  parameters: {},
});
const SHOPEE_FILE = JSON.stringify({
  nodes: [node('Webhook', 'n8n-nodes-base.webhook'), node('Append row')],
  connections: { Webhook: { main: [[{ node: 'Append row', type: 'main', index: 0 }]] } },
  active: true,
});
const PAID_FILE = JSON.stringify({
  name: 'Invoice OCR',
  nodes: [node('Secret OCR step', 'n8n-nodes-base.httpRequest')],
  connections: {},
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return response;
}
async function json(url: string) {
  const response = await get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_URL: 'https://flowbay.test' } });
  const author = await createUser(ctx.db, { name: 'Minh Trần', displayName: 'minhtran' });
  const make = async (key: string, input: Parameters<typeof createWorkflow>[2]) => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, input);
    numbers[key] = workflow.number;
    ids[key] = workflow.id;
  };
  await make('shopee', {
    userId: author.id,
    title: 'Shopee orders to Google Sheets',
    useCases: ['ecommerce', 'sales-crm'],
    apps: [
      { key: 'webhook', name: 'Webhook' },
      { key: 'google-sheets', name: 'Google Sheets' },
    ],
    views: 500,
    file: SHOPEE_FILE,
  });
  await make('paid', {
    userId: author.id,
    title: 'Invoice OCR',
    price: 199_000,
    useCases: ['finance'],
    apps: [{ key: 'http-request', name: 'HTTP Request' }],
    views: 400,
    file: PAID_FILE,
  });
  for (const [index, key] of ['a', 'b', 'c'].entries()) {
    await make(key, {
      userId: author.id,
      title: `Slack digest ${key}`,
      useCases: ['productivity'],
      views: 10 - index,
    });
  }
  await make('make', {
    userId: author.id,
    platform: 'make',
    title: 'Shopee Make scenario',
    useCases: ['ecommerce'],
  });
  await make('pending', {
    userId: author.id,
    title: 'Shopee pending',
    status: 'pending',
    useCases: ['ecommerce'],
  });
  await make('deleted', {
    userId: author.id,
    title: 'Shopee deleted',
    deleted: true,
    useCases: ['ecommerce'],
  });
  const buyerRow = await createUser(ctx.db);
  await addPurchase(ctx.db, buyerRow.id, ids.paid!, 199_000);
  buyer = await signInAs(ctx, buyerRow);
  stranger = await signedInUser(ctx);
});
afterAll(() => ctx.close());

describe('n8n templates API: transport', () => {
  it('answers the health probe and allows any origin', async () => {
    const response = await get('/n8n/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('passes the CORS preflight for the n8n-version header', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/n8n/templates/search?search=&page=1&limit=20&category=',
      headers: {
        origin: 'http://localhost:5679',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'n8n-version',
      },
    });
    expect(response.statusCode).toBe(204);
    // n8n's editor sends credentials to a custom host, so the origin is echoed (a browser refuses `*`).
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5679');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers'])).toContain('n8n-version');
    expect(String(response.headers['access-control-allow-methods'])).toContain('GET');
    const keyed = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/n8n/k/anything/vi/templates/workflows/1',
      headers: { origin: 'http://n8n.local', 'access-control-request-headers': 'n8n-version' },
    });
    expect(keyed.statusCode).toBe(204);
  });
});

describe('n8n templates API: categories and search', () => {
  it('lists the use cases that hold listed n8n workflows, by name, in English and Vietnamese', async () => {
    const en = await json('/n8n/templates/categories');
    expect(en.categories.map((category: { name: string }) => category.name)).toEqual([
      'Sales & CRM',
      'Productivity',
      'Finance & accounting',
      'E-commerce',
    ]);
    expect(en.categories.every((category: { id: unknown }) => Number.isInteger(category.id))).toBe(true);
    const vi = await json('/n8n/vi/templates/categories');
    expect(vi.categories.map((category: { name: string }) => category.name)).toContain('Thương mại điện tử');
  });

  it('counts exactly the listed n8n workflows and pages from 1 with limit or rows', async () => {
    const first = await json('/n8n/templates/search?search=&page=1&limit=2&category=');
    expect(first.totalWorkflows).toBe(5);
    expect(first.workflows.map((item: { id: number }) => item.id)).toEqual([numbers.shopee, numbers.paid]);
    const second = await json(
      '/n8n/templates/search?page=2&rows=2&category=&search=&sort=popular&combineWith=or&apps=&nodes=',
    );
    expect(second.totalWorkflows).toBe(5);
    expect(second.workflows.map((item: { id: number }) => item.id)).toEqual([numbers.a, numbers.b]);
    const third = await json('/n8n/templates/search?page=3&limit=2');
    expect(third.workflows.map((item: { id: number }) => item.id)).toEqual([numbers.c]);
    const all = await json('/n8n/templates/search');
    expect(all.workflows).toHaveLength(5);
  });

  it('refuses a page below 1 and more than 100 rows', async () => {
    expect((await get('/n8n/templates/search?page=0')).statusCode).toBe(400);
    expect((await get('/n8n/templates/search?limit=101')).statusCode).toBe(400);
    expect((await get('/n8n/templates/search?rows=101')).json().error.code).toBe('VALIDATION_FAILED');
  });

  it('filters by a comma-separated list of category names, in either language', async () => {
    const one = await json('/n8n/templates/search?page=1&limit=20&category=E-commerce');
    expect(one.totalWorkflows).toBe(1);
    expect(one.workflows[0].id).toBe(numbers.shopee);
    const two = await json(
      `/n8n/templates/search?category=${encodeURIComponent('E-commerce,Finance & accounting')}`,
    );
    expect(two.workflows.map((item: { id: number }) => item.id)).toEqual([numbers.shopee, numbers.paid]);
    const vi = await json(`/n8n/vi/templates/search?category=${encodeURIComponent('Thương mại điện tử')}`);
    expect(vi.totalWorkflows).toBe(1);
    const unknown = await json('/n8n/templates/search?category=Nothing');
    expect(unknown).toMatchObject({ totalWorkflows: 0, workflows: [] });
  });

  it('searches words, accents ignored', async () => {
    const found = await json('/n8n/templates/search?search=shopee&page=1&limit=20&category=');
    expect(found.totalWorkflows).toBe(1);
    expect(found.workflows[0].id).toBe(numbers.shopee);
  });

  it('forgives a typo the way the website does, within a category too', async () => {
    const found = await json('/n8n/templates/search?search=shpoee&page=1&limit=20&category=');
    expect(found.workflows.map((item: { id: number }) => item.id)).toEqual([numbers.shopee]);
    const inCategory = await json(
      `/n8n/templates/search?search=shopee+orders&category=${encodeURIComponent('E-commerce')}`,
    );
    expect(inCategory.workflows[0].id).toBe(numbers.shopee);
    const elsewhere = await json(
      `/n8n/templates/search?search=shopee&category=${encodeURIComponent('Finance & accounting')}`,
    );
    expect(elsewhere.totalWorkflows).toBe(0);
  });

  it("gives each item n8n's fields, a paid one its price and a link to buy, and nodes with icons", async () => {
    const { workflows } = await json('/n8n/templates/search');
    const shopee = workflows.find((item: { id: number }) => item.id === numbers.shopee);
    expect(shopee).toMatchObject({
      name: 'Shopee orders to Google Sheets',
      totalViews: 500,
      recentViews: 0,
      price: null,
      purchaseUrl: null,
      user: { username: 'minhtran', name: 'Minh Trần', verified: false },
    });
    expect(new Date(shopee.createdAt).toISOString()).toBe(shopee.createdAt);
    const sheets = shopee.nodes.find((item: { displayName: string }) => item.displayName === 'Google Sheets');
    expect(sheets).toMatchObject({
      name: 'n8n-nodes-base.googleSheets',
      defaults: { name: 'Google Sheets' },
    });
    expect(sheets.iconData.type).toBe('file');
    const svg = Buffer.from(sheets.iconData.fileBuffer.replace('data:image/svg+xml;base64,', ''), 'base64');
    expect(svg.toString()).toContain('<svg');
    const paid = workflows.find((item: { id: number }) => item.id === numbers.paid);
    expect(paid.price).toBe(199_000);
    expect(paid.name).toBe('Invoice OCR (199,000 VNĐ)');
    expect(paid.purchaseUrl).toBe(`https://flowbay.test/workflows/invoice-ocr-${ids.paid}`);
    const vi = await json('/n8n/vi/templates/search?search=invoice');
    expect(vi.workflows[0].name).toBe('Invoice OCR (199.000 VNĐ)');
  });
});

describe('n8n templates API: one template', () => {
  it('serves a free workflow in full, named and inactive, in both shapes', async () => {
    const { workflow } = await json(`/n8n/templates/workflows/${numbers.shopee}`);
    expect(workflow).toMatchObject({ id: numbers.shopee, name: 'Shopee orders to Google Sheets', image: [] });
    expect(workflow.categories.map((category: { name: string }) => category.name)).toEqual([
      'Sales & CRM',
      'E-commerce',
    ]);
    expect(workflow.workflow.nodes.map((item: { name: string }) => item.name)).toEqual([
      'Webhook',
      'Append row',
    ]);
    expect(workflow.workflow.connections).toEqual(JSON.parse(SHOPEE_FILE).connections);
    expect(workflow.workflow).toMatchObject({ name: 'Shopee orders to Google Sheets', active: false });
    expect(workflow.workflowInfo.nodeTypes).toEqual({
      'n8n-nodes-base.webhook': { count: 1 },
      'n8n-nodes-base.googleSheets': { count: 1 },
    });
    expect(workflow.description).toContain(
      `](https://flowbay.test/workflows/shopee-orders-to-google-sheets-${ids.shopee})`,
    );
    const flat = await json(`/n8n/workflows/templates/${numbers.shopee}`);
    expect(flat).toEqual({
      id: numbers.shopee,
      name: 'Shopee orders to Google Sheets',
      workflow: workflow.workflow,
    });
  });

  it('gives a caller without the purchase one sticky note that links to the page, never the file', async () => {
    for (const url of [
      `/n8n/templates/workflows/${numbers.paid}`,
      `/n8n/workflows/templates/${numbers.paid}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('Secret OCR step');
      const body = response.json();
      const nodes = (body.workflow.workflow ?? body.workflow).nodes;
      expect(nodes, url).toHaveLength(1);
      expect(nodes[0].type).toBe('n8n-nodes-base.stickyNote');
      expect(nodes[0].parameters.content).toContain('199,000 VNĐ');
      expect(nodes[0].parameters.content).toContain(`https://flowbay.test/workflows/invoice-ocr-${ids.paid}`);
    }
    const { workflow } = await json(`/n8n/vi/templates/workflows/${numbers.paid}`);
    expect(workflow.description).toContain('[Mua trên Flowbay](https://flowbay.test/workflows/invoice-ocr-');
    expect(workflow.workflow.nodes[0].parameters.content).toContain('Đây là quy trình trả phí (199.000 VNĐ)');
  });

  it('never serves unlisted, deleted or non-n8n workflows', async () => {
    for (const key of ['make', 'pending', 'deleted']) {
      const response = await get(`/n8n/templates/workflows/${numbers[key]}`);
      expect(response.statusCode, key).toBe(404);
      expect(response.json().error.code).toBe('WORKFLOW_NOT_FOUND');
      expect((await get(`/n8n/workflows/templates/${numbers[key]}`)).statusCode).toBe(404);
    }
    expect((await get('/n8n/templates/workflows/abc')).statusCode).toBe(400);
  });
});

describe('n8n templates API: collections (one per use case)', () => {
  it('lists one collection per use case, filtered by category ids and search', async () => {
    const { collections } = await json('/n8n/templates/collections?&search=');
    expect(collections.map((item: { name: string }) => item.name)).toEqual([
      'Sales & CRM',
      'Productivity',
      'Finance & accounting',
      'E-commerce',
    ]);
    const productivity = collections.find((item: { name: string }) => item.name === 'Productivity');
    expect(productivity.workflows).toEqual([{ id: numbers.a }, { id: numbers.b }, { id: numbers.c }]);
    const ecommerce = collections.find((item: { name: string }) => item.name === 'E-commerce');
    const filtered = await json(`/n8n/templates/collections?category[]=${ecommerce.id}&search=`);
    expect(filtered.collections.map((item: { id: number }) => item.id)).toEqual([ecommerce.id]);
    const searched = await json('/n8n/templates/collections?search=finance');
    expect(searched.collections.map((item: { name: string }) => item.name)).toEqual(['Finance & accounting']);
    const detail = await json(`/n8n/templates/collections/${ecommerce.id}`);
    expect(detail.collection).toMatchObject({ id: ecommerce.id, name: 'E-commerce' });
    expect(detail.collection.workflows.map((item: { id: number }) => item.id)).toEqual([numbers.shopee]);
    expect((await get('/n8n/templates/collections/999')).statusCode).toBe(404);
  });
});

describe('personal library keys', () => {
  it('serves the buyer their purchased workflow in full under their key, until they revoke it', async () => {
    const created = await call('POST', '/api/n8n/keys', buyer, { label: 'Office n8n' });
    expect(created.statusCode, created.body).toBe(201);
    const { key, id, templates_host: host, prefix } = created.json();
    expect(key).toMatch(/^fbn8n_/);
    expect(host).toBe(`https://flowbay.test/n8n/k/${key}`);
    expect(key.startsWith(prefix)).toBe(true);

    const listed = await call('GET', '/api/n8n/keys', buyer);
    expect(listed.json()).toEqual([{ id, label: 'Office n8n', prefix, created_at: expect.any(String) }]);
    expect(listed.body).not.toContain(key);

    const full = await get(`/n8n/k/${key}/templates/workflows/${numbers.paid}`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['cache-control']).toBe('private, no-store');
    expect(full.json().workflow.workflow.nodes.map((item: { name: string }) => item.name)).toEqual([
      'Secret OCR step',
    ]);
    const flat = await json(`/n8n/k/${key}/vi/workflows/templates/${numbers.paid}`);
    expect(flat.workflow.nodes[0].name).toBe('Secret OCR step');
    expect((await json(`/n8n/k/${key}/templates/search`)).totalWorkflows).toBe(5);

    const strangerRevoke = await call('DELETE', `/api/n8n/keys/${id}`, stranger);
    expect(strangerRevoke.statusCode).toBe(404);
    const revoked = await call('DELETE', `/api/n8n/keys/${id}`, buyer);
    expect(revoked.statusCode).toBe(204);
    for (const url of [
      `/n8n/k/${key}/templates/workflows/${numbers.paid}`,
      `/n8n/k/${key}/health`,
      `/n8n/k/${key}/templates/search`,
    ]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json().error.code).toBe('N8N_KEY_INVALID');
      expect(refused.body).not.toContain('Secret OCR step');
    }
    const after = await call('GET', '/api/n8n/keys', buyer);
    expect(after.json()).toEqual([]);
  });

  it('gives a key whose owner did not buy the workflow only the note', async () => {
    const created = await call('POST', '/api/n8n/keys', stranger, {});
    const { key } = created.json();
    const response = await get(`/n8n/k/${key}/templates/workflows/${numbers.paid}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Secret OCR step');
  });

  it('stops serving a workflow in full once its purchase was refunded (entitlement revoked)', async () => {
    const refundedRow = await createUser(ctx.db);
    await ctx.db.insert(purchases).values({
      userId: refundedRow.id,
      workflowId: ids.paid!,
      amount: 199_000,
      revokedAt: new Date(),
    });
    const refunded = await signInAs(ctx, refundedRow);
    const created = await call('POST', '/api/n8n/keys', refunded, {});
    const { key } = created.json();
    for (const url of [
      `/n8n/k/${key}/templates/workflows/${numbers.paid}`,
      `/n8n/k/${key}/workflows/templates/${numbers.paid}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('Secret OCR step');
    }
  });

  it('refuses unknown keys and anonymous key management', async () => {
    const unknown = await get(`/n8n/k/fbn8n_${'x'.repeat(32)}/templates/categories`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('N8N_KEY_INVALID');
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    expect((await call('POST', '/api/n8n/keys', null, {})).statusCode).toBe(401);
    expect((await call('GET', '/api/n8n/keys', null)).statusCode).toBe(401);
  });
});
