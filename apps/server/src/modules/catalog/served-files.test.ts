import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { N8nImportTemplate, N8nTemplateResponse } from '@flowbay/domain';
import { workflows } from '../../db/schema.ts';
import { DOWNLOAD_LIMITS } from '../../lib/download-limit.ts';
import { servedWorkflowFile } from '../../lib/served-file.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, uniqueAddress, type TestSession } from '../../test/auth.ts';
import { addPurchase, createUser, createWorkflow } from '../../test/factories.ts';
import { createLibraryKey } from '../../test/n8n.ts';
import { n8nNode } from '../../test/publishing.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const fixtures = fileURLToPath(
  new URL('../../../../../packages/workflow-formats/test/fixtures/', import.meta.url),
);
const corpus = readdirSync(fixtures, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.json'))
  .sort();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The templates API's workflow as the route built it before files were prepared: the served file
 * parsed, its first workflow in n8n's canvas shape (null: answered 404).
 */
function templateWorkflowAsBefore(stored: Buffer, title: string, workflowId: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(servedWorkflowFile(stored, title, workflowId).toString('utf8'));
  } catch {
    return null;
  }
  const workflow = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!isRecord(workflow) || !Array.isArray(workflow.nodes)) return null;
  return {
    name: typeof workflow.name === 'string' ? workflow.name : title,
    active: false as const,
    nodes: workflow.nodes as unknown[],
    connections: isRecord(workflow.connections) ? workflow.connections : {},
    settings: isRecord(workflow.settings) ? workflow.settings : {},
    pinData: isRecord(workflow.pinData) ? workflow.pinData : {},
  };
}

function nodeTypesAsBefore(nodes: unknown[]) {
  const nodeTypes: Record<string, { count: number }> = {};
  for (const node of nodes) {
    const type = isRecord(node) && typeof node.type === 'string' ? node.type : undefined;
    if (type) nodeTypes[type] = { count: (nodeTypes[type]?.count ?? 0) + 1 };
  }
  return nodeTypes;
}

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = uniqueAddress()) =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress });

async function listed(file: string, input: { title: string; price?: number; platform?: 'n8n' | 'make' }) {
  const author = await createUser(ctx.db);
  return createWorkflow(ctx.db, ctx.storage, { userId: author.id, file, ...input });
}

describe('prepared files are the files served before', () => {
  it('serves every file of the corpus byte for byte as before, through all four routes', async () => {
    expect(corpus.length).toBeGreaterThan(30);
    let templatesCompared = 0;
    for (const path of corpus) {
      const stored = readFileSync(join(fixtures, path));
      const title = 'Đồng bộ đơn hàng từ Shopee';
      const workflow = await listed(stored.toString('utf8'), {
        title,
        platform: path.startsWith('make/') ? 'make' : 'n8n',
      });
      const file = servedWorkflowFile(stored, title, workflow.id);
      for (const url of [
        `/api/workflows/${workflow.id}/download`,
        `/api/workflows/${workflow.id}/versions/${workflow.version.id}/download`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, `${path} ${url}`).toBe(200);
        expect(response.rawPayload.equals(file), `${path} ${url}`).toBe(true);
      }

      const before = templateWorkflowAsBefore(stored, title, workflow.id);
      const detail = await get(`/n8n/templates/workflows/${workflow.number}`);
      const flat = await get(`/n8n/workflows/templates/${workflow.number}`);
      if (!before) {
        expect([detail.statusCode, flat.statusCode], path).toEqual([404, 404]);
        continue;
      }
      expect([detail.statusCode, flat.statusCode], path).toEqual([200, 200]);
      expect(detail.headers['content-type']).toBe('application/json; charset=utf-8');
      // What the response serializer wrote from the answer object (schema encode, then JSON.stringify).
      const answered = detail.json().workflow;
      const expectedDetail = JSON.stringify(
        N8nTemplateResponse.encode({
          workflow: {
            ...answered,
            workflowInfo: { ...answered.workflowInfo, nodeTypes: nodeTypesAsBefore(before.nodes) },
            workflow: before,
          },
        }),
      );
      expect(detail.body === expectedDetail, path).toBe(true);
      const expectedFlat = JSON.stringify(
        N8nImportTemplate.encode({ id: workflow.number, name: title, workflow: before }),
      );
      expect(flat.body === expectedFlat, path).toBe(true);
      templatesCompared += 1;
    }
    expect(templatesCompared).toBeGreaterThan(20);
  });
});

describe('a file is prepared once', () => {
  const node = n8nNode('a', 'Webhook', 'n8n-nodes-base.webhook', { parameters: { path: 'x' } });
  const NAMELESS = JSON.stringify({ nodes: [node], connections: {}, active: true });

  it('prepares a file once for any number of downloads through any route, and again under a new title', async () => {
    const workflow = await listed(NAMELESS, { title: 'First title' });
    const urls = [
      `/api/workflows/${workflow.id}/download`,
      `/api/workflows/${workflow.id}/versions/${workflow.version.id}/download`,
      `/n8n/templates/workflows/${workflow.number}`,
      `/n8n/workflows/templates/${workflow.number}`,
    ];
    const preparedBefore = ctx.app.servedFiles.preparations;
    // At once: requests for a file being prepared wait for that one preparation.
    const first = await Promise.all(urls.flatMap((url) => [get(url), get(url), get(url)]));
    expect(first.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    expect(ctx.app.servedFiles.preparations).toBe(preparedBefore + 1);
    for (const url of urls) expect((await get(url)).statusCode).toBe(200);
    expect(ctx.app.servedFiles.preparations).toBe(preparedBefore + 1);
    expect(JSON.parse(first[0]!.body).name).toBe('First title');

    // A nameless export is served under the workflow's title: a new title is a new file.
    await ctx.db.update(workflows).set({ title: 'Second title' }).where(eq(workflows.id, workflow.id));
    const renamed = await get(urls[0]!);
    expect(JSON.parse(renamed.body).name).toBe('Second title');
    expect((await get(urls[3]!)).json().workflow.name).toBe('Second title');
    expect(ctx.app.servedFiles.preparations).toBe(preparedBefore + 2);
  });
});

describe('compressed downloads', () => {
  it('sends the file compressed as the browser asks, the same bytes once decoded, prepared once', async () => {
    const stored = readFileSync(
      join(
        fixtures,
        corpus.find((path) => path.startsWith('n8n/'))!,
      ),
    );
    const workflow = await listed(stored.toString('utf8'), { title: 'Compressed' });
    const url = `/api/workflows/${workflow.id}/download`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(servedWorkflowFile(stored, 'Compressed', workflow.id))).toBe(true);
    const preparedBefore = ctx.app.servedFiles.preparations;
    const browser = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(browser.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get(url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await get(url, { 'accept-encoding': 'identity' })).rawPayload.equals(plain.rawPayload)).toBe(
      true,
    );
    expect(ctx.app.servedFiles.preparations).toBe(preparedBefore);
  });
});

describe('paid files stay behind the purchase', () => {
  const SECRET = 'Secret OCR step';
  const PAID = JSON.stringify({
    name: 'Invoice OCR',
    nodes: [n8nNode('s', SECRET, 'n8n-nodes-base.httpRequest')],
    connections: {},
  });
  let paid: Awaited<ReturnType<typeof listed>>;
  let buyer: TestSession;
  let stranger: TestSession;

  beforeAll(async () => {
    paid = await listed(PAID, { title: 'Invoice OCR', price: 99_000 });
    buyer = await signedInUser(ctx);
    stranger = await signedInUser(ctx);
    await addPurchase(ctx.db, buyer.user.id, paid.id, 99_000);
  });

  it('once a buyer has it prepared, a stranger still gets no paid file through any route', async () => {
    const buyerKey = await createLibraryKey(ctx, buyer);
    const strangerKey = await createLibraryKey(ctx, stranger);
    const downloads = [
      `/api/workflows/${paid.id}/download`,
      `/api/workflows/${paid.id}/versions/${paid.version.id}/download`,
    ];
    const templates = [`/n8n/templates/workflows/${paid.number}`, `/n8n/workflows/templates/${paid.number}`];
    for (const url of downloads) {
      const bought = await get(url, buyer.headers);
      expect(bought.statusCode, url).toBe(200);
      expect(bought.body).toContain(SECRET);
    }
    for (const url of templates) {
      const bought = await get(`/n8n/k/${buyerKey}${url.slice('/n8n'.length)}`);
      expect(bought.statusCode, url).toBe(200);
      expect(bought.body).toContain(SECRET);
    }

    for (const url of downloads) {
      const anonymous = await get(url);
      expect([anonymous.statusCode, anonymous.json().error.code], url).toEqual([401, 'PAYMENT_REQUIRED']);
      const signedIn = await get(url, stranger.headers);
      expect([signedIn.statusCode, signedIn.json().error.code], url).toEqual([403, 'PAYMENT_REQUIRED']);
      expect(signedIn.body).not.toContain(SECRET);
    }
    for (const url of templates) {
      const tail = url.slice('/n8n'.length);
      for (const asked of [url, `/n8n/vi${tail}`, `/n8n/k/${strangerKey}${tail}`]) {
        const stub = await get(asked);
        expect(stub.statusCode, asked).toBe(200);
        expect(stub.body, asked).not.toContain(SECRET);
        expect(stub.body, asked).toContain('n8n-nodes-base.stickyNote');
      }
      const invented = await get(`/n8n/k/fbn8n_invented${tail}`);
      expect([invented.statusCode, invented.json().error.code]).toEqual([401, 'N8N_KEY_INVALID']);
    }
  });
});

describe('download limits', () => {
  it('answers an anonymous flood from one address 429 with Retry-After, while a buyer there still downloads', async () => {
    const free = await listed(JSON.stringify({ name: 'Free', nodes: [], connections: {} }), {
      title: 'Free',
    });
    const paid = await listed(JSON.stringify({ name: 'Paid', nodes: [], connections: {} }), {
      title: 'Paid',
      price: 50_000,
    });
    const buyer = await signedInUser(ctx);
    await addPurchase(ctx.db, buyer.user.id, paid.id, 50_000);
    const address = uniqueAddress();
    const urls = [
      `/api/workflows/${free.id}/download`,
      `/api/workflows/${free.id}/versions/${free.version.id}/download`,
      `/n8n/templates/workflows/${free.number}`,
      `/n8n/vi/workflows/templates/${free.number}`,
    ];
    // One count for every route that serves a file.
    for (let index = 0; index < DOWNLOAD_LIMITS.anonymous; index += 1) {
      const url = urls[index % urls.length]!;
      expect((await get(url, {}, address)).statusCode, `${index} ${url}`).toBe(200);
    }
    for (const url of urls) {
      const limited = await get(url, {}, address);
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please try again later.',
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(DOWNLOAD_LIMITS.windowSeconds);
    }
    const vietnamese = await get(urls[0]!, { 'accept-language': 'vi' }, address);
    expect(vietnamese.json().error.message).toBe('Quá nhiều yêu cầu. Vui lòng thử lại sau.');

    const bought = await get(`/api/workflows/${paid.id}/download`, buyer.headers, address);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(JSON.parse(bought.body).name).toBe('Paid');
    expect((await get(urls[0]!, {}, uniqueAddress())).statusCode).toBe(200);
  });
});
