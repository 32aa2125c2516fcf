import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { n8nConnections, workflowVersions } from '../../db/schema.ts';
import { loadEnv } from '../../env.ts';
import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { unsealText } from '../../infra/sealed-text.ts';
import { createTestApp, useTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { addPurchase, createWorkflow } from '../../test/factories.ts';

/* A local server speaking n8n's public API as n8n 1.119 / 2.x validate it (additionalProperties: false). */
const NODE_KEYS = new Set([
  'id',
  'name',
  'webhookId',
  'disabled',
  'notesInFlow',
  'notes',
  'type',
  'typeVersion',
  'executeOnce',
  'alwaysOutputData',
  'retryOnFail',
  'maxTries',
  'waitBetweenTries',
  'continueOnFail',
  'onError',
  'position',
  'parameters',
  'credentials',
]);
const WORKFLOW_KEYS = new Set(['name', 'nodes', 'connections', 'settings', 'staticData']);
const GOOD_KEY = 'n8n_api_0123456789abcdefWXYZ';

interface Created {
  id: string;
  body: Record<string, unknown>;
}
const n8n = {
  created: [] as Created[],
  mode: 'normal' as 'normal' | 'busy' | 'refuse',
  server: null as Server | null,
  base: '',
};

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

function n8nStandIn(): Server {
  return createServer((req, res) => void answerAsN8n(req, res));
}

async function answerAsN8n(req: IncomingMessage, res: ServerResponse) {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  if (req.headers['x-n8n-api-key'] !== GOOD_KEY) return json(401, { message: 'unauthorized' });
  if (n8n.mode === 'busy') return json(429, { message: 'Too many requests' }, { 'retry-after': '17' });
  if (req.method === 'GET' && req.url === '/api/v1/workflows?limit=1') return json(200, { data: [] });
  if (req.method === 'POST' && req.url === '/api/v1/workflows') {
    if (n8n.mode === 'refuse')
      return json(400, { message: 'request/body/nodes/0 must have required property' });
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    const extra = Object.keys(body).filter((key) => !WORKFLOW_KEYS.has(key));
    const nodes = body.nodes as Array<Record<string, unknown>>;
    const extraNode = nodes.flatMap((node) => Object.keys(node).filter((key) => !NODE_KEYS.has(key)));
    if (extra.length || extraNode.length || !body.settings || !body.connections || !body.name) {
      return json(400, {
        message: `request/body must NOT have additional properties: ${[...extra, ...extraNode]}`,
      });
    }
    const id = randomUUID().slice(0, 16);
    n8n.created.push({ id, body });
    return json(200, { id, ...body, active: false });
  }
  return json(404, { message: 'not found' });
}

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

const ctx = useTestApp({
  env: { N8N_CONNECT_ALLOW_PRIVATE: 'true' },
  app: { logger: { level: 'trace', stream: logStream } },
});
const call = sessionCaller(() => ctx);

let owner: TestSession;
let other: TestSession;
let author: TestSession;
let free: { id: string };
let paid: { id: string };
let draft: { id: string };
let make: { id: string };

const FILE = JSON.stringify({
  name: 'Slack alert on form',
  id: 'authorsOwnId1234',
  active: true,
  pinData: { Form: [{ json: {} }] },
  meta: { instanceId: 'abc' },
  tags: [{ name: 'x' }],
  settings: { executionOrder: 'v1', errorWorkflow: 'abc123', timezone: 'Asia/Ho_Chi_Minh', bogus: 1 },
  nodes: [
    {
      id: 'n1',
      name: 'Form',
      type: 'n8n-nodes-base.formTrigger',
      typeVersion: 2.2,
      position: [0, 0],
      parameters: { formTitle: 'Hi' },
    },
    {
      id: 'n2',
      name: 'Slack',
      type: 'n8n-nodes-base.slack',
      typeVersion: 2.3,
      position: [220, 0],
      parameters: { text: '={{ $json.message }}' },
      credentials: { slackApi: { id: '7', name: 'Author’s Slack (me@example.com)' } },
      createdAt: '2024-01-01',
      extendsCredential: 'x',
    },
    {
      name: 'Hook',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 200],
      parameters: { path: 'x' },
    },
  ],
  connections: { Form: { main: [[{ node: 'Slack', type: 'main', index: 0 }]] } },
});

beforeAll(async () => {
  n8n.server = n8nStandIn();
  await new Promise<void>((resolve) => n8n.server!.listen(0, '127.0.0.1', resolve));
  n8n.base = `http://127.0.0.1:${(n8n.server.address() as AddressInfo).port}`;
  owner = await signedInUser(ctx);
  other = await signedInUser(ctx);
  author = await signedInUser(ctx);
  free = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, file: FILE, title: 'Free one' });
  paid = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.user.id,
    file: FILE,
    title: 'Paid one',
    price: 99_000,
  });
  draft = await createWorkflow(ctx.db, ctx.storage, { userId: other.user.id, file: FILE, status: 'pending' });
  make = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.user.id,
    platform: 'make',
    file: JSON.stringify({ name: 'Make scenario', flow: [] }),
  });
  for (const workflow of [free, paid]) {
    const credentials = [{ app: 'Slack', type: 'slackApi', names: ['Author’s Slack'], nodes: ['Slack'] }];
    await ctx.db
      .update(workflowVersions)
      .set({
        summary: {
          platform: 'n8n',
          workflowCount: 1,
          nodeCount: 3,
          edgeCount: 1,
          apps: [],
          requirements: { credentials, communityPackages: [], nodeTypeVersions: [] },
        },
      })
      .where(eq(workflowVersions.workflowId, workflow.id));
  }
});
afterAll(async () => {
  n8n.server?.closeAllConnections();
  await new Promise<void>((resolve) => n8n.server?.close(() => resolve()));
});

const save = (session: TestSession, body: Record<string, unknown>) =>
  call('POST', '/api/me/n8n-connections', session, body);
const send = (session: TestSession | null, workflowId: string, connectionId: string) =>
  call('POST', `/api/workflows/${workflowId}/send-to-n8n`, session, { connection_id: connectionId });
const codeOf = (response: { statusCode: number; json(): { error: { code: string } } }) => [
  response.statusCode,
  response.json().error.code,
];

describe('n8n connections', () => {
  let connectionId: string;

  it('refuses the anonymous caller on every route', async () => {
    const id = randomUUID();
    for (const response of [
      await call('GET', '/api/me/n8n-connections', null),
      await call('POST', '/api/me/n8n-connections', null, { base_url: n8n.base, api_key: GOOD_KEY }),
      await call('POST', `/api/me/n8n-connections/${id}/test`, null),
      await call('DELETE', `/api/me/n8n-connections/${id}`, null),
      await send(null, free.id, id),
    ]) {
      expect(codeOf(response)).toEqual([401, 'UNAUTHENTICATED']);
    }
  });

  it('saves a connection with its key sealed, lists it with a hint only, and tests it', async () => {
    const created = await save(owner, { base_url: `${n8n.base}/`, api_key: GOOD_KEY, name: 'Home n8n' });
    expect(created.statusCode).toBe(200);
    connectionId = created.json().id;
    const list = await call('GET', '/api/me/n8n-connections', owner);
    expect(list.json()).toEqual([
      {
        id: connectionId,
        name: 'Home n8n',
        base_url: n8n.base,
        key_hint: '…WXYZ',
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(GOOD_KEY);
    expect((await call('GET', '/api/me/n8n-connections', other)).json()).toEqual([]);

    const [row] = await ctx.db.select().from(n8nConnections).where(eq(n8nConnections.id, connectionId));
    expect(row!.apiKeySealed).not.toContain(GOOD_KEY);
    expect(Buffer.from(row!.apiKeySealed, 'base64').toString('latin1')).not.toContain(GOOD_KEY);
    expect(unsealText(row!.apiKeySealed, resolveAuthSecret(ctx.env), 'n8n-api-key')).toBe(GOOD_KEY);

    const tested = await call('POST', `/api/me/n8n-connections/${connectionId}/test`, owner);
    expect([tested.statusCode, tested.json()]).toEqual([200, { ok: true }]);
    expect((await call('GET', '/api/me/n8n-connections', owner)).json()[0].last_used_at).not.toBeNull();
  });

  it("answers n8n's own words when it refuses the key", async () => {
    const wrong = (await save(owner, { base_url: n8n.base, api_key: 'not-the-right-key' })).json().id;
    const tested = await call('POST', `/api/me/n8n-connections/${wrong}/test`, owner, undefined, {
      'x-language': 'vi',
    });
    expect(codeOf(tested)).toEqual([422, 'N8N_API_KEY_REJECTED']);
    expect(tested.json().error.details).toEqual({ n8n_status: 401, n8n_message: 'unauthorized' });
    expect(tested.json().error.message).toContain('khóa API');
    await call('DELETE', `/api/me/n8n-connections/${wrong}`, owner);
  });

  it('refuses addresses that are not http(s)', async () => {
    for (const base_url of ['ftp://n8n.example.com', 'n8n.example.com', 'http://u:p@n8n.example.com']) {
      expect(codeOf(await save(owner, { base_url, api_key: GOOD_KEY }))).toEqual([400, 'N8N_URL_INVALID']);
    }
  });

  it("never lets another user test, use or delete someone's connection", async () => {
    expect(codeOf(await call('POST', `/api/me/n8n-connections/${connectionId}/test`, other))).toEqual([
      404,
      'N8N_CONNECTION_NOT_FOUND',
    ]);
    expect(codeOf(await send(other, free.id, connectionId))).toEqual([404, 'N8N_CONNECTION_NOT_FOUND']);
    expect(codeOf(await call('DELETE', `/api/me/n8n-connections/${connectionId}`, other))).toEqual([
      404,
      'N8N_CONNECTION_NOT_FOUND',
    ]);
    expect((await call('GET', '/api/me/n8n-connections', owner)).json()).toHaveLength(1);
  });

  it('sends a free workflow: allowed fields only, no credentials, webhook ids, a link and the credentials to create', async () => {
    const before = n8n.created.length;
    const sent = await send(owner, free.id, connectionId);
    expect(sent.statusCode).toBe(200);
    const created = n8n.created[before]!;
    expect(sent.json()).toEqual({
      url: `${n8n.base}/workflow/${created.id}`,
      workflow_id: created.id,
      credentials: ['Slack'],
    });
    const nodes = created.body.nodes as Array<Record<string, unknown>>;
    expect(nodes.map((node) => node.name)).toEqual(['Form', 'Slack', 'Hook']);
    expect(nodes.every((node) => node.credentials === undefined && node.createdAt === undefined)).toBe(true);
    expect(nodes.map((node) => typeof node.webhookId)).toEqual(['string', 'undefined', 'string']);
    expect(typeof nodes[2]!.id).toBe('string');
    expect(created.body.settings).toEqual({ executionOrder: 'v1', timezone: 'Asia/Ho_Chi_Minh' });
    expect(created.body.connections).toEqual({
      Form: { main: [[{ node: 'Slack', type: 'main', index: 0 }]] },
    });
    expect(created.body.name).toBe('Slack alert on form');
    expect(JSON.stringify(created.body)).not.toContain('me@example.com');
  });

  it('sends a paid workflow only to its buyer or its author', async () => {
    expect(codeOf(await send(owner, paid.id, connectionId))).toEqual([403, 'PAYMENT_REQUIRED']);
    await addPurchase(ctx.db, owner.user.id, paid.id, 99_000);
    expect((await send(owner, paid.id, connectionId)).statusCode).toBe(200);
    const authorConnection = (await save(author, { base_url: n8n.base, api_key: GOOD_KEY })).json().id;
    expect((await send(author, paid.id, authorConnection)).statusCode).toBe(200);
  });

  it("refuses another user's draft, a Make workflow and an unknown connection", async () => {
    const before = n8n.created.length;
    expect(codeOf(await send(owner, draft.id, connectionId))).toEqual([404, 'WORKFLOW_NOT_FOUND']);
    expect(codeOf(await send(owner, make.id, connectionId))).toEqual([409, 'NOT_AN_N8N_WORKFLOW']);
    expect(codeOf(await send(owner, free.id, randomUUID()))).toEqual([404, 'N8N_CONNECTION_NOT_FOUND']);
    expect(codeOf(await send(owner, free.id, 'not-an-id'))).toEqual([404, 'N8N_CONNECTION_NOT_FOUND']);
    expect(n8n.created.length).toBe(before);
  });

  it("passes n8n's refusal and its Retry-After on", async () => {
    n8n.mode = 'refuse';
    const refused = await send(owner, free.id, connectionId);
    expect(codeOf(refused)).toEqual([422, 'N8N_REJECTED']);
    expect(refused.json().error.details.n8n_message).toBe('request/body/nodes/0 must have required property');
    n8n.mode = 'busy';
    const busy = await send(owner, free.id, connectionId);
    expect(codeOf(busy)).toEqual([429, 'N8N_RATE_LIMITED']);
    expect(busy.headers['retry-after']).toBe('17');
    n8n.mode = 'normal';
  });

  it('never writes the key to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(GOOD_KEY);
  });

  it('seals every key again under a new ENCRYPTION_KEY, and the old secret still opens them meanwhile', async () => {
    const newKey = 'k'.repeat(24) + randomUUID();
    const rotated = await buildApp({
      env: loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: ctx.dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        ENCRYPTION_KEY: newKey,
        N8N_CONNECT_ALLOW_PRIVATE: 'true',
      }),
      database: ctx.database,
      storage: ctx.storage,
      logger: false,
    });
    try {
      await rotated.ready();
      // The server seals them again once it is up, without holding up its start.
      const [row] = await vi.waitFor(
        async () => {
          const rows = await ctx.db.select().from(n8nConnections).where(eq(n8nConnections.id, connectionId));
          expect(unsealText(rows[0]!.apiKeySealed, newKey, 'n8n-api-key')).toBe(GOOD_KEY);
          return rows;
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(() => unsealText(row!.apiKeySealed, resolveAuthSecret(ctx.env), 'n8n-api-key')).toThrow();
      const tested = await rotated.inject({
        method: 'POST',
        url: `/api/me/n8n-connections/${connectionId}/test`,
        headers: owner.headers,
      });
      expect(tested.json()).toEqual({ ok: true });
    } finally {
      await rotated.close();
    }
  });

  it('revokes a connection', async () => {
    expect((await call('DELETE', `/api/me/n8n-connections/${connectionId}`, owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/me/n8n-connections', owner)).json()).toEqual([]);
    expect(codeOf(await send(owner, free.id, connectionId))).toEqual([404, 'N8N_CONNECTION_NOT_FOUND']);
  });
});

describe('without N8N_CONNECT_ALLOW_PRIVATE', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(async () => strict?.close());

  it('refuses to save loopback, private, link-local and metadata addresses', async () => {
    const user = await signedInUser(strict);
    const strictCall = sessionCaller(() => strict);
    for (const base_url of [
      n8n.base,
      'http://localhost:5678',
      'http://10.1.2.3:5678',
      'http://192.168.1.20',
      'http://169.254.169.254',
      'http://[::1]:5678',
      'http://[fd00::5]',
      'http://[::ffff:10.0.0.1]',
    ]) {
      const response = await strictCall('POST', '/api/me/n8n-connections', user, {
        base_url,
        api_key: GOOD_KEY,
      });
      expect([base_url, ...codeOf(response)]).toEqual([base_url, 400, 'PRIVATE_ADDRESS_REFUSED']);
    }
    expect((await strictCall('GET', '/api/me/n8n-connections', user)).json()).toEqual([]);
  });
});
