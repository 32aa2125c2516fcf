import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { uploadedUrl } from '../../test/publishing.ts';

/**
 * A paid workflow's structure preview (docs/decisions/0162-structure-preview.md): a stranger sees
 * each node's type and the connections, and no string of the file's settings anywhere they can look.
 */

// Every one of these is in a paid file; none may reach a stranger, in any answer.
const N8N_SECRETS = [
  'zqwfname n8n private flow',
  'Charge ACME account zqnode1',
  'Lookup zqnode2 customer',
  'zqnode3 ops script',
  'Ping zqnode4 channel',
  'Incoming zqnode5 orders',
  'zqhookpath-91c2',
  'zqwebhookid-5555',
  'https://zqprivate-host.example/v1/charge',
  'zqprivate-host.example',
  'const zqcodemarker = 42',
  'zqexprfield',
  'zqcred ACME prod header',
  'zqcred slack workspace',
  '#zqchannel',
];
const N8N_NOTE = 'zqstickytext remember to rotate the billing key';

const n8nFile = JSON.stringify({
  name: 'zqwfname n8n private flow',
  nodes: [
    {
      id: 'a1',
      name: 'Incoming zqnode5 orders',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 0],
      webhookId: 'zqwebhookid-5555',
      parameters: { path: 'zqhookpath-91c2', httpMethod: 'POST' },
    },
    {
      id: 'b2',
      name: 'Charge ACME account zqnode1',
      type: 'n8n-nodes-base.httpRequest',
      typeVersion: 4,
      position: [250, 0],
      parameters: {
        url: 'https://zqprivate-host.example/v1/charge',
        sendHeaders: true,
        headerParameters: { parameters: [{ name: 'X-Account', value: '={{ $json.zqexprfield }}' }] },
      },
      credentials: { httpHeaderAuth: { id: 'c1', name: 'zqcred ACME prod header' } },
    },
    {
      id: 'c3',
      name: 'zqnode3 ops script',
      type: 'n8n-nodes-base.code',
      typeVersion: 2,
      position: [500, 0],
      parameters: { jsCode: 'const zqcodemarker = 42;\nreturn items;' },
    },
    {
      id: 'd4',
      name: 'Lookup zqnode2 customer',
      type: 'n8n-nodes-base.if',
      typeVersion: 2,
      position: [750, 0],
      parameters: { conditions: { string: [{ value1: '={{ $json.zqexprfield }}', value2: 'vip' }] } },
    },
    {
      id: 'e5',
      name: 'Ping zqnode4 channel',
      type: 'n8n-nodes-base.slack',
      typeVersion: 2,
      position: [1000, 0],
      parameters: { channel: '#zqchannel', text: '=Paid {{ $json.zqexprfield }}' },
      credentials: { slackApi: { id: 'c2', name: 'zqcred slack workspace' } },
    },
    {
      id: 'f6',
      name: 'Sticky Note',
      type: 'n8n-nodes-base.stickyNote',
      typeVersion: 1,
      position: [0, -240],
      parameters: { content: N8N_NOTE, width: 320, height: 160 },
    },
  ],
  connections: {
    'Incoming zqnode5 orders': { main: [[{ node: 'Charge ACME account zqnode1', type: 'main', index: 0 }]] },
    'Charge ACME account zqnode1': { main: [[{ node: 'zqnode3 ops script', type: 'main', index: 0 }]] },
    'zqnode3 ops script': { main: [[{ node: 'Lookup zqnode2 customer', type: 'main', index: 0 }]] },
    'Lookup zqnode2 customer': { main: [[{ node: 'Ping zqnode4 channel', type: 'main', index: 0 }], []] },
  },
});

const MAKE_SECRETS = [
  'zqmake scenario name',
  'Receive zqmakenode1 leads',
  'Post to zqmakenode2 partner',
  'Tell zqmakenode3 sales',
  'https://zqmake-host.example/api/leads',
  'zqmake-host.example',
  'zqmakeexpr',
  'zqmakechannel',
  'zqmakeconn label',
  'zqmakehook label',
];
const MAKE_NOTE = 'zqmakenote check the partner quota first';

const makeFile = JSON.stringify({
  name: 'zqmake scenario name',
  flow: [
    {
      id: 1,
      module: 'gateway:CustomWebHook',
      version: 1,
      parameters: { hook: 987654, maxResults: 1 },
      mapper: {},
      metadata: {
        designer: { x: 0, y: 0, name: 'Receive zqmakenode1 leads' },
        restore: { parameters: { hook: { label: 'zqmakehook label' } } },
      },
    },
    {
      id: 2,
      module: 'http:ActionSendData',
      version: 3,
      parameters: { handleErrors: false },
      mapper: { url: 'https://zqmake-host.example/api/leads', method: 'post', data: '{{1.zqmakeexpr}}' },
      metadata: { designer: { x: 300, y: 0, name: 'Post to zqmakenode2 partner' } },
    },
    {
      id: 3,
      module: 'slack:CreateMessage',
      version: 4,
      parameters: { __IMTCONN__: 4321 },
      mapper: { channel: 'zqmakechannel', text: 'Lead {{1.zqmakeexpr}}' },
      metadata: {
        designer: { x: 600, y: 0, name: 'Tell zqmakenode3 sales' },
        restore: { parameters: { __IMTCONN__: { label: 'zqmakeconn label' } } },
      },
    },
  ],
  metadata: { designer: { orphans: [], notes: [{ id: 2, text: MAKE_NOTE }] } },
});

const ZAPIER_SECRETS = [
  'zqzap title private',
  'Find zqzapnode1 deal',
  'Notify zqzapnode2 team',
  'zqzapform-1FAI',
  'https://zqzap-host.example/hook',
  'zqzap-host.example',
  'zqzapfield',
  'zqzapchannel',
];

const zapierFile = JSON.stringify({
  metadata: { version: 2 },
  zaps: [
    {
      id: 1,
      title: 'zqzap title private',
      nodes: {
        '1': {
          id: 1,
          type_of: 'read',
          selected_api: 'GoogleFormsCLIAPI@1.4.0',
          action: 'new_response',
          parent_id: null,
          root_id: null,
          params: { form: 'zqzapform-1FAI' },
          title: 'zqzap title private',
          authentication_id: null,
        },
        '2': {
          id: 2,
          type_of: 'write',
          selected_api: 'WebHookCLIAPI@1.0.0',
          action: 'post',
          parent_id: 1,
          root_id: 1,
          params: { url: 'https://zqzap-host.example/hook', data: { lead: '{{1__zqzapfield}}' } },
          meta: { stepTitle: 'Find zqzapnode1 deal' },
        },
        '3': {
          id: 3,
          type_of: 'write',
          selected_api: 'SlackAPI',
          action: 'channel_message',
          parent_id: 2,
          root_id: 1,
          params: { channel: 'zqzapchannel', text: 'New {{1__zqzapfield}}' },
          title: 'Notify zqzapnode2 team',
        },
      },
    },
  ],
});

const PLATFORMS = [
  {
    id: 'n8n',
    file: n8nFile,
    secrets: N8N_SECRETS,
    note: N8N_NOTE,
    types: ['Webhook', 'HTTP Request', 'Slack'],
  },
  {
    id: 'make',
    file: makeFile,
    secrets: MAKE_SECRETS,
    note: MAKE_NOTE,
    types: ['Webhook', 'HTTP Request', 'Slack'],
  },
  { id: 'zapier', file: zapierFile, secrets: ZAPIER_SECRETS, note: null, types: ['Slack'] },
] as const;
type PlatformId = (typeof PLATFORMS)[number]['id'];

// The real render bundle, built as `npm run build` builds it (the detail page's HTML and state).
const webRoot = fileURLToPath(new URL('../../../../web', import.meta.url));
const dist = mkdtempSync(join(webRoot, '.ssr-structure-test-'));
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
    <!--app-head--><title>Default</title><!--/app-head-->
    <script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

let ctx: TestContext;
const call = sessionCaller(() => ctx);
let author: TestSession;
let admin: TestSession;
let stranger: TestSession;
const listed = {} as Record<PlatformId, { id: string; number: number; slug: string }>;

async function createPaid(platform: (typeof PLATFORMS)[number], more: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/workflows', author, {
    title: `Paid ${platform.id} lead router`,
    description: `Routes leads on ${platform.id}.`,
    price: 250_000,
    cover_image_url: await uploadedUrl(ctx, author, 'covers'),
    file_url: await uploadedUrl(ctx, author, 'workflows', platform.file),
    category_ids: [platform.id],
    subcategory_ids: ['productivity'],
    ...more,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const approved = await call('POST', `/api/admin/workflows/${id}/approve`, admin);
  expect(approved.statusCode, approved.body).toBe(200);
  const detail = (await call('GET', `/api/workflows/${id}`, null)).json();
  return { id, number: detail.number as number, slug: detail.slug as string };
}

beforeAll(async () => {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(webRoot, 'vite.config.ts'),
      root: webRoot,
      mode: 'production',
      logLevel: 'error',
      build: { ssr: 'src/entry-server.tsx', outDir: join(dist, 'server'), emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, '.vite', 'preload.json'), JSON.stringify({ start: [], pages: {}, texts: {} }));
  ctx = await createTestApp({ env: { PUBLIC_URL: 'https://flowbay.example' }, app: { webDist: dist } });
  author = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
  stranger = await signedInUser(ctx);
  for (const platform of PLATFORMS) listed[platform.id] = await createPaid(platform);
}, 240_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Every answer about workflow `id` that a visitor (anonymous or `session`) can get, as text. */
async function everythingAbout(platformId: PlatformId, session: TestSession | null): Promise<string[]> {
  const { id, number, slug } = listed[platformId];
  const get = (url: string, headers: Record<string, string> = {}) =>
    call('GET', url, session, undefined, headers);
  const urls = [
    `/api/workflows/${id}`,
    `/api/workflows/${number}`,
    `/api/workflows/${id}/structure`,
    `/api/workflows/${id}/related`,
    `/api/workflows/${id}/versions`,
    `/api/workflows/${id}/download`,
    `/api/workflows/${id}/reviews`,
    `/api/workflow-categories?workflow_id=${id}`,
    '/api/workflows',
    '/api/workflows?price=paid',
    `/api/workflows?search=${encodeURIComponent('lead router')}`,
    `/api/workflows?category=${platformId}`,
    `/og/workflows/${id}.png`,
    '/n8n/templates/search',
    '/n8n/templates/search?search=lead',
    '/n8n/templates/collections',
    `/n8n/templates/workflows/${number}`,
    `/n8n/workflows/templates/${number}`,
    '/n8n/vi/templates/search',
    `/n8n/vi/templates/workflows/${number}`,
    `/workflows/${slug}-${id}`,
    `/workflows/${id}`,
  ];
  const answers: string[] = [];
  for (const url of urls) {
    for (const lang of ['en', 'vi']) {
      const response = await get(url, { 'accept-language': lang });
      expect(response.statusCode, `${url} ${response.body.slice(0, 200)}`).toBeLessThan(500);
      answers.push(`${url} ${response.statusCode} ${JSON.stringify(response.headers)}\n${response.body}`);
    }
  }
  // The assistants' tools (MCP), as a stranger's assistant calls them.
  for (const [name, args] of [
    ['get_template', { id }],
    ['required_credentials', { id }],
    ['search_templates', { query: 'lead router' }],
  ] as const) {
    const response = await call(
      'POST',
      '/mcp',
      session,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    );
    answers.push(`mcp ${name} ${response.statusCode}\n${response.body}`);
  }
  return answers;
}

function expectNoneOf(secrets: readonly string[], answers: string[]) {
  for (const answer of answers)
    for (const secret of secrets) {
      // JSON escapes `/`-free strings as they are; HTML may escape `#` and quotes, so compare both.
      expect(answer.includes(secret), `"${secret}" in ${answer.slice(0, 120)}`).toBe(false);
      expect(answer.includes(JSON.stringify(secret).slice(1, -1)), secret).toBe(false);
    }
}

describe('the structure preview of a paid workflow', () => {
  it.each(PLATFORMS.map((platform) => platform.id))(
    'lists every %s node by its type, with the connections, to anyone',
    async (platformId) => {
      const platform = PLATFORMS.find((item) => item.id === platformId)!;
      const response = await call('GET', `/api/workflows/${listed[platformId].id}/structure`, null);
      expect(response.statusCode, response.body).toBe(200);
      const structure = response.json();
      expect(structure.platform).toBe(platformId);
      expect(structure.notes_shown).toBe(false);
      const [graph] = structure.graphs;
      const names = graph.nodes.map((node: { name: string }) => node.name);
      for (const type of platform.types) expect(names).toContain(type);
      expect(graph.nodes.every((node: { id: string }) => /^n\d+$/.test(node.id))).toBe(true);
      expect(graph.edges.length).toBeGreaterThanOrEqual(graph.nodes.length - 1);
      expect(graph.notes).toEqual([]);
      expect(Object.keys(graph.nodes[0]).sort()).toEqual(
        ['app', 'disabled', 'id', 'kind', 'name', 'position', 'type'].sort(),
      );
    },
  );

  it.each(PLATFORMS.map((platform) => platform.id))(
    'never lets a stranger see a string of the paid %s file: page, state, API, n8n templates, assistants',
    async (platformId) => {
      const platform = PLATFORMS.find((item) => item.id === platformId)!;
      const secrets = platform.note ? [...platform.secrets, platform.note] : platform.secrets;
      for (const session of [null, stranger]) {
        const answers = await everythingAbout(platformId, session);
        expectNoneOf(secrets, answers);
        // The page was rendered (not an empty shell) and the structure was there to be fetched.
        const page = answers.find((answer) => answer.startsWith(`/workflows/${listed[platformId].slug}`))!;
        expect(page).toContain(`Paid ${platformId} lead router`);
        expect(page).toContain('id="flowbay-state"');
      }
      // The same file is the buyer's after purchase: the markers are really in it.
      const download = await call('GET', `/api/workflows/${listed[platformId].id}/download`, author);
      expect(download.statusCode).toBe(200);
      for (const secret of platform.secrets.slice(1, 4)) expect(download.body).toContain(secret);
    },
  );

  it('answers 404 for a workflow the caller may not see', async () => {
    const missing = await call('GET', '/api/workflows/00000000-0000-4000-8000-000000000000/structure', null);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('WORKFLOW_NOT_FOUND');
  });
});

describe('"show notes before purchase"', () => {
  it('shows the notes only once ticked, and an edit to it waits for review like any edit', async () => {
    const n8n = PLATFORMS[0];
    const structureOf = async (id: string) =>
      (await call('GET', `/api/workflows/${id}/structure`, stranger)).json();
    const shown = await createPaid(n8n, { show_notes_before_purchase: true });
    const withNotes = await structureOf(shown.id);
    expect(withNotes.notes_shown).toBe(true);
    expect(withNotes.graphs[0].notes.map((note: { text: string }) => note.text)).toEqual([N8N_NOTE]);
    expect((await call('GET', `/api/workflows/${shown.id}`, null)).json().show_notes_before_purchase).toBe(
      true,
    );
    // The notes are all the flag adds: no other string of the file.
    expectNoneOf(n8n.secrets, [JSON.stringify(withNotes)]);

    // Ticking it on a listed workflow: nothing changes until an admin approves the edit.
    const { id } = listed.n8n;
    const anonymous = await call('PUT', `/api/workflows/${id}`, null, { show_notes_before_purchase: true });
    expect(anonymous.statusCode).toBe(401);
    const other = await call('PUT', `/api/workflows/${id}`, stranger, { show_notes_before_purchase: true });
    expect([403, 404]).toContain(other.statusCode);
    const bad = await call('PUT', `/api/workflows/${id}`, author, { show_notes_before_purchase: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');

    const edited = await call('PUT', `/api/workflows/${id}`, author, { show_notes_before_purchase: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().has_pending_changes).toBe(true);
    expect((await structureOf(id)).graphs[0].notes).toEqual([]);
    const approved = await call('POST', `/api/admin/workflows/${id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await structureOf(id)).graphs[0].notes.map((note: { text: string }) => note.text)).toEqual([
      N8N_NOTE,
    ]);
  });
});
