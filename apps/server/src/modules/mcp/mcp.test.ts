import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowVersions } from '../../db/schema.ts';
import { useTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, type TestSession } from '../../test/auth.ts';
import { addPurchase, createWorkflow } from '../../test/factories.ts';
import { createLibraryKey } from '../../test/n8n.ts';
import { n8nNode } from '../../test/publishing.ts';

const ASSISTANT_ORIGIN = 'https://assistant.example';

/** The app listening on a random port, as an MCP client reaches it. */
function useListeningApp(env: Record<string, string>) {
  const ctx = useTestApp({ env });
  const server = { url: '' };
  beforeAll(async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    server.url = `${address}/mcp`;
  });
  return { ctx, server };
}

/** The SDK's own client over Streamable HTTP, with the key as Bearer token when given. */
async function connect(
  url: string,
  { key, headers = {} }: { key?: string; headers?: Record<string, string> } = {},
) {
  const client = new Client({ name: 'flowbay-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...headers, ...(key ? { authorization: `Bearer ${key}` } : {}) } },
  });
  await client.connect(transport);
  return client;
}

interface Found {
  id: string;
  price_text: string;
  use_cases: string[];
}
/** The fields of the tools' answers these tests read. */
interface Answer extends Record<string, unknown> {
  total: number;
  workflows: Found[];
  access: string;
  message: string;
  file: { nodes: { name: string }[]; active: boolean };
  credentials: unknown[];
  platforms: { id: string }[];
  use_cases: unknown[];
  error: { code: string };
}

/** A tool's answer: its JSON, its text (what the assistant reads) and whether it is an error. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return { isError: result.isError === true, text, data: result.structuredContent as Answer };
}

/** Posts one JSON-RPC message as a client would, for what happens before the protocol (403, 401, 429, 405). */
function post(url: string, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
}

const N8N_API_KEY = 'n8n_api_mcp_0123456789abcdef';

/** A local n8n public API (key in X-N8N-API-KEY): it keeps the workflows "Send to my n8n" creates. */
function useN8nStandIn() {
  const n8n = {
    base: '',
    created: [] as { id: string; body: { name: string; nodes: { name: string }[] } }[],
  };
  let standIn: Server;
  beforeAll(async () => {
    standIn = createServer((req, res) => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers['x-n8n-api-key'] !== N8N_API_KEY) return json(401, { message: 'unauthorized' });
      if (req.method !== 'POST' || req.url !== '/api/v1/workflows')
        return json(404, { message: 'not found' });
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const id = `wf${n8n.created.length + 1}`;
        n8n.created.push({ id, body: JSON.parse(text) as (typeof n8n.created)[number]['body'] });
        json(200, { id, active: false });
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    n8n.base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));
  return n8n;
}

const PAID_FILE = JSON.stringify({
  name: 'Invoice chaser',
  nodes: [
    n8nNode('a', 'Every morning', 'n8n-nodes-base.scheduleTrigger'),
    n8nNode('b', 'Chase overdue invoices in Slack', 'n8n-nodes-base.slack'),
  ],
  connections: {},
});
const FREE_FILE = JSON.stringify({
  name: 'Lead greeter',
  nodes: [n8nNode('a', 'Greet the new lead', 'n8n-nodes-base.webhook')],
  connections: {},
});

/** The requirements a Slack workflow's summary records (the detail page lists them). */
async function needsSlack(ctx: TestContext, versionId: string) {
  const [version] = await ctx.db.select().from(workflowVersions).where(eq(workflowVersions.id, versionId));
  const summary = version!.summary!;
  await ctx.db
    .update(workflowVersions)
    .set({
      summary: {
        ...summary,
        requirements: {
          credentials: [
            {
              app: 'Slack',
              type: 'slackApi',
              names: ['Anna at Acme'],
              nodes: ['Chase overdue invoices in Slack'],
            },
          ],
          communityPackages: [],
          nodeTypeVersions: [],
        },
      },
    })
    .where(eq(workflowVersions.id, versionId));
}

describe('the MCP endpoint', () => {
  const { ctx, server } = useListeningApp({
    MCP_ALLOWED_ORIGINS: ASSISTANT_ORIGIN,
    // The stand-in n8n listens on 127.0.0.1.
    N8N_CONNECT_ALLOW_PRIVATE: 'true',
  });
  let author: TestSession;
  let buyer: TestSession;
  let stranger: TestSession;
  let keys: { author: string; buyer: string; stranger: string };
  let paid: Awaited<ReturnType<typeof createWorkflow>>;
  let free: Awaited<ReturnType<typeof createWorkflow>>;

  beforeAll(async () => {
    [author, buyer, stranger] = await Promise.all([signedInUser(ctx), signedInUser(ctx), signedInUser(ctx)]);
    paid = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      title: 'Zebrafin invoice chaser',
      description: 'Chases overdue invoices every morning.',
      price: 199_000,
      useCases: ['productivity'],
      apps: [
        { key: 'schedule', name: 'Schedule' },
        { key: 'slack', name: 'Slack' },
      ],
      file: PAID_FILE,
    });
    free = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      title: 'Zebrafin lead greeter',
      description: 'Greets every new lead.',
      price: 0,
      useCases: ['marketing'],
      apps: [{ key: 'gmail', name: 'Gmail' }],
      file: FREE_FILE,
    });
    await needsSlack(ctx, paid.version.id);
    await addPurchase(ctx.db, buyer.user.id, paid.id, 199_000);
    keys = {
      author: await createLibraryKey(ctx, author),
      buyer: await createLibraryKey(ctx, buyer),
      stranger: await createLibraryKey(ctx, stranger),
    };
  });

  it('lists its tools, each with a description and a lang argument', async () => {
    const client = await connect(server.url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_template',
      'list_categories',
      'required_credentials',
      'search_templates',
      'send_to_n8n',
    ]);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.inputSchema.properties).toHaveProperty('lang');
    }
    await client.close();
  });

  describe('search_templates', () => {
    it('finds workflows with the catalogue search: price in đồng, rating, apps and the page link', async () => {
      const client = await connect(server.url);
      const { isError, data } = await call(client, 'search_templates', { query: 'zebrafin' });
      expect(isError).toBe(false);
      expect(data.total).toBe(2);
      const chaser = data.workflows.find((item) => item.id === paid.id);
      expect(chaser).toMatchObject({
        title: 'Zebrafin invoice chaser',
        price: 199_000,
        price_text: '199,000 VNĐ',
        rating: null,
        platform: 'n8n',
        apps: [
          { key: 'schedule', name: 'Schedule' },
          { key: 'slack', name: 'Slack' },
        ],
        link: `http://localhost:3000/workflows/zebrafin-invoice-chaser-${paid.id}`,
      });
      // A typo is tolerated, as on the website.
      const typo = await call(client, 'search_templates', { query: 'zebrafn invoice' });
      expect(typo.data.workflows.map((item) => item.id)).toContain(paid.id);
      await client.close();
    });

    it('filters by free only, a price ceiling, platform and apps', async () => {
      const client = await connect(server.url);
      const ids = async (args: Record<string, unknown>) =>
        (await call(client, 'search_templates', { query: 'zebrafin', ...args })).data.workflows.map(
          (item) => item.id,
        );
      expect(await ids({ free_only: true })).toEqual([free.id]);
      expect(await ids({ max_price: 0 })).toEqual([free.id]);
      expect((await ids({ max_price: 198_999 })).sort()).toEqual([free.id]);
      expect((await ids({ max_price: 199_000 })).sort()).toEqual([free.id, paid.id].sort());
      expect(await ids({ platform: 'make' })).toEqual([]);
      expect(await ids({ apps: ['slack'] })).toEqual([paid.id]);
      await client.close();
    });
  });

  describe('get_template', () => {
    it('gives anyone a free workflow’s importable file', async () => {
      const client = await connect(server.url);
      const { isError, data } = await call(client, 'get_template', { id: free.id });
      expect(isError).toBe(false);
      expect(data.access).toBe('free');
      expect(data.file.nodes.map((node) => node.name)).toEqual(['Greet the new lead']);
      expect(data.file.active).toBe(false);
      await client.close();
    });

    it('never gives an anonymous caller or a stranger the nodes of a paid file: the facts and the link to buy', async () => {
      for (const key of [undefined, keys.stranger]) {
        const client = await connect(server.url, { key });
        const { isError, text, data } = await call(client, 'get_template', { id: paid.id });
        expect(isError).toBe(false);
        expect(data).not.toHaveProperty('file');
        expect(text).not.toContain('Chase overdue invoices in Slack');
        expect(text).not.toContain('Every morning');
        expect(data).toMatchObject({
          title: 'Zebrafin invoice chaser',
          description: 'Chases overdue invoices every morning.',
          price: 199_000,
          access: 'payment_required',
          apps: [
            { key: 'schedule', name: 'Schedule' },
            { key: 'slack', name: 'Slack' },
          ],
          buy_link: `http://localhost:3000/workflows/zebrafin-invoice-chaser-${paid.id}`,
        });
        expect(data.message).toContain(key ? 'you have not bought' : 'personal library key');
        await client.close();
      }
    });

    it('gives the buyer (by their library key) and the author the paid file, found by id, number or link', async () => {
      for (const [key, access] of [
        [keys.buyer, 'purchased'],
        [keys.author, 'author'],
      ] as const) {
        const client = await connect(server.url, { key });
        for (const id of [paid.id, String(paid.number), `http://localhost:3000/workflows/x-${paid.id}`]) {
          const { data } = await call(client, 'get_template', { id });
          expect(data.access).toBe(access);
          expect(data.file.nodes.map((node) => node.name)).toEqual([
            'Every morning',
            'Chase overdue invoices in Slack',
          ]);
        }
        await client.close();
      }
    });

    it('answers an unknown workflow as a tool error with the API’s message and code', async () => {
      const client = await connect(server.url);
      const { isError, text, data } = await call(client, 'get_template', {
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect(isError).toBe(true);
      expect(text).toBe('Workflow not found. (WORKFLOW_NOT_FOUND)');
      expect(data.error.code).toBe('WORKFLOW_NOT_FOUND');
      await client.close();
    });
  });

  it('list_categories answers the platforms and use cases', async () => {
    const client = await connect(server.url);
    const { data } = await call(client, 'list_categories');
    expect(data.platforms.map((platform) => platform.id)).toEqual(
      expect.arrayContaining(['n8n', 'make', 'zapier']),
    );
    expect(data.use_cases).toContainEqual({ id: 'productivity', name: 'Productivity' });
    await client.close();
  });

  describe('required_credentials', () => {
    it('lists the app and type of each credential for everyone, and the nodes using it for those with the file', async () => {
      const anonymous = await connect(server.url);
      const publicAnswer = await call(anonymous, 'required_credentials', { id: paid.id });
      expect(publicAnswer.data.credentials).toEqual([{ app: 'Slack', type: 'slackApi', name: 'Slack API' }]);
      expect(publicAnswer.text).not.toContain('Anna at Acme');
      expect(publicAnswer.text).not.toContain('Chase overdue invoices in Slack');
      await anonymous.close();

      const owner = await connect(server.url, { key: keys.buyer });
      const { data } = await call(owner, 'required_credentials', { id: paid.id });
      expect(data.credentials).toEqual([
        {
          app: 'Slack',
          type: 'slackApi',
          name: 'Slack API',
          used_by_nodes: ['Chase overdue invoices in Slack'],
        },
      ]);
      expect(data.message).toContain('Create these credentials');
      await owner.close();
    });

    it('says when a workflow needs none', async () => {
      const client = await connect(server.url);
      const { data } = await call(client, 'required_credentials', { id: free.id });
      expect(data.credentials).toEqual([]);
      expect(data.message).toBe('This workflow needs no credentials.');
      await client.close();
    });
  });

  describe('send_to_n8n', () => {
    const n8n = useN8nStandIn();

    async function addConnection(session: TestSession, name: string) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/n8n-connections',
        headers: session.headers,
        payload: { base_url: n8n.base, api_key: N8N_API_KEY, name },
      });
      expect(created.statusCode, created.body).toBe(200);
      return (created.json() as { id: string }).id;
    }

    it('creates a bought workflow in the buyer’s own n8n and answers its link and the credentials to create', async () => {
      const connection = await addConnection(buyer, 'Office n8n');
      const client = await connect(server.url, { key: keys.buyer });
      const { isError, data } = await call(client, 'send_to_n8n', { workflow_id: paid.id });
      expect(isError).toBe(false);
      const created = n8n.created.at(-1)!;
      expect(data).toMatchObject({
        sent: true,
        url: `${n8n.base}/workflow/${created.id}`,
        workflow_id: created.id,
        credentials: ['Slack'],
      });
      expect(created.body.nodes.map((node) => node.name)).toEqual([
        'Every morning',
        'Chase overdue invoices in Slack',
      ]);

      // With a second connection, the tool asks which one, then sends to the one named.
      const second = await addConnection(buyer, 'Home n8n');
      const ask = await call(client, 'send_to_n8n', { workflow_id: free.id });
      expect(ask.data.sent).toBe(false);
      expect((ask.data.connections as { id: string }[]).map((item) => item.id).sort()).toEqual(
        [connection, second].sort(),
      );
      const named = await call(client, 'send_to_n8n', { workflow_id: free.id, connection_id: second });
      expect(named.data.sent).toBe(true);
      expect(n8n.created.at(-1)!.body.nodes.map((node) => node.name)).toEqual(['Greet the new lead']);
      await client.close();
    });

    it('refuses a stranger’s paid workflow, another user’s connection and an anonymous caller, sending nothing', async () => {
      const sent = n8n.created.length;
      const strangersConnection = await addConnection(stranger, 'Stranger n8n');
      const client = await connect(server.url, { key: keys.stranger });
      const unpaid = await call(client, 'send_to_n8n', { workflow_id: paid.id });
      expect(unpaid.isError).toBe(true);
      expect(unpaid.data.error.code).toBe('PAYMENT_REQUIRED');
      await client.close();

      const buyerClient = await connect(server.url, { key: keys.buyer });
      const foreign = await call(buyerClient, 'send_to_n8n', {
        workflow_id: free.id,
        connection_id: strangersConnection,
        lang: 'vi',
      });
      expect(foreign.isError).toBe(true);
      expect(foreign.text).toBe(
        'Không tìm thấy kết nối n8n này trong các kết nối của bạn. (N8N_CONNECTION_NOT_FOUND)',
      );
      await buyerClient.close();

      const anonymous = await connect(server.url);
      const refused = await call(anonymous, 'send_to_n8n', {
        workflow_id: free.id,
        connection_id: strangersConnection,
      });
      expect(refused.isError).toBe(true);
      expect(refused.data.error.code).toBe('UNAUTHENTICATED');
      await anonymous.close();
      expect(n8n.created.length).toBe(sent);
    });

    it('tells a user without a connection to add one on their profile', async () => {
      const client = await connect(server.url, { key: keys.author });
      const { isError, data } = await call(client, 'send_to_n8n', { workflow_id: free.id, lang: 'vi' });
      expect(isError).toBe(false);
      expect(data).toMatchObject({ sent: false, connections: [] });
      expect(data.message).toContain('Bạn chưa có kết nối n8n nào');
      await client.close();
    });
  });

  describe('answers in Vietnamese with lang=vi', () => {
    it('names, prices, messages and errors', async () => {
      const client = await connect(server.url);
      const search = await call(client, 'search_templates', { query: 'zebrafin', lang: 'vi' });
      const chaser = search.data.workflows.find((item) => item.id === paid.id);
      expect(chaser!.price_text).toBe('199.000 VNĐ');
      expect(chaser!.use_cases).toEqual(['Năng suất']);
      const greeter = search.data.workflows.find((item) => item.id === free.id);
      expect(greeter!.price_text).toBe('Miễn phí');

      const categories = await call(client, 'list_categories', { lang: 'vi' });
      expect(categories.data.use_cases).toContainEqual({ id: 'marketing', name: 'Tiếp thị' });

      const preview = await call(client, 'get_template', { id: paid.id, lang: 'vi' });
      expect(preview.data.message).toContain('Đây là quy trình trả phí (199.000 VNĐ)');

      const credentials = await call(client, 'required_credentials', { id: free.id, lang: 'vi' });
      expect(credentials.data.message).toBe('Quy trình này không cần thông tin đăng nhập nào.');

      const missing = await call(client, 'get_template', { id: 'no-such-workflow', lang: 'vi' });
      expect(missing.isError).toBe(true);
      expect(missing.text).toBe('Không tìm thấy quy trình. (WORKFLOW_NOT_FOUND)');
      await client.close();
    });
  });

  describe('who may call', () => {
    it('refuses a page of another site (403) and serves Flowbay’s own and allowlisted origins', async () => {
      const refused = await post(server.url, { origin: 'https://evil.example' });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, data: { code: 'CROSS_SITE_REQUEST' } },
      });
      await expect(
        connect(server.url, { headers: { origin: 'https://evil.example' } }),
      ).rejects.toMatchObject({
        code: 403,
      });

      for (const origin of ['http://localhost:3000', ASSISTANT_ORIGIN]) {
        const allowed = await post(server.url, { origin });
        expect(allowed.status, origin).toBe(200);
        expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
        const client = await connect(server.url, { headers: { origin } });
        expect((await call(client, 'list_categories')).isError).toBe(false);
        await client.close();
      }
      const preflight = await fetch(server.url, {
        method: 'OPTIONS',
        headers: { origin: ASSISTANT_ORIGIN, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
      const foreignPreflight = await fetch(server.url, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(foreignPreflight.status).toBe(403);
    });

    it('refuses a revoked or unknown key (401), never treating it as anonymous', async () => {
      const key = await createLibraryKey(ctx, buyer, 'Claude');
      const before = await connect(server.url, { key });
      expect((await call(before, 'get_template', { id: paid.id })).data.access).toBe('purchased');
      await before.close();

      const [listed] = (
        await ctx.app.inject({ method: 'GET', url: '/api/n8n/keys', headers: buyer.headers })
      ).json() as { id: string; label: string }[];
      expect(listed!.label).toBe('Claude');
      const revoked = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/n8n/keys/${listed!.id}`,
        headers: buyer.headers,
      });
      expect(revoked.statusCode).toBe(204);

      for (const bad of [key, 'fbn8n_not-a-key', 'something-else']) {
        const error = await connect(server.url, { key: bad }).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(StreamableHTTPError);
        expect((error as StreamableHTTPError).code).toBe(401);
        const raw = await post(server.url, { authorization: `Bearer ${bad}` });
        expect(raw.status).toBe(401);
        expect(raw.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
        expect(await raw.json()).toMatchObject({ error: { data: { code: 'N8N_KEY_INVALID' } } });
      }
      // The buyer's other key still works.
      const other = await connect(server.url, { key: keys.buyer });
      expect((await call(other, 'get_template', { id: paid.id })).data.access).toBe('purchased');
      await other.close();
    });

    it('answers GET and DELETE with 405 (stateless: no stream, no session)', async () => {
      for (const method of ['GET', 'DELETE']) {
        const response = await fetch(server.url, { method, headers: { accept: 'text/event-stream' } });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
        expect(await response.json()).toMatchObject({ error: { message: 'Method not allowed.' } });
      }
    });
  });
});

describe('the MCP rate limit', () => {
  const { ctx, server } = useListeningApp({ MCP_RATE_LIMIT: '4' });

  it('answers 429 in JSON-RPC form once a caller used up the minute, and counts each caller apart', async () => {
    // Connecting is two requests (initialize, then the initialized notification).
    const client = await connect(server.url);
    await call(client, 'list_categories');
    await call(client, 'list_categories');
    const refused = await client
      .callTool({ name: 'list_categories', arguments: {} })
      .catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(429);
    await client.close();

    const raw = await post(server.url, { 'accept-language': 'vi' });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await raw.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: 'Quá nhiều yêu cầu. Vui lòng thử lại sau.',
        data: { code: 'RATE_LIMITED' },
      },
    });

    // A key holder is another caller, though they come from the same address.
    const keyHolder = await signedInUser(ctx);
    const keyed = await connect(server.url, { key: await createLibraryKey(ctx, keyHolder) });
    expect((await call(keyed, 'list_categories')).isError).toBe(false);
    await keyed.close();
  });
});
