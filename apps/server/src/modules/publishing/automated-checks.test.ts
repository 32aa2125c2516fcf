import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { N8N_CATALOGUE_VERSION, credentialDisplayName } from '@flowbay/workflow-formats';
import { moderationDecisions, workflowVersions } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { n8nNode, upload, uploadedUrl } from '../../test/publishing.ts';
import { RECOMPUTE_CHECKS_JOB } from './checks-recompute.ts';

const ctx = useTestApp({ env: { MCP_ALLOWED_ORIGINS: 'https://assistant.example' } });
const call = sessionCaller(() => ctx);
let author: TestSession;
let member: TestSession;
let admin: TestSession;
let mcpUrl = '';

const exportOf = (name: string, nodes: object[]) => JSON.stringify({ name, nodes, connections: {} });

/** Runs a shell command and child_process from a Code node, and posts to Slack with a credential. */
const RISKY = exportOf('Nightly server cleanup', [
  n8nNode('a', 'Every night', 'n8n-nodes-base.scheduleTrigger', { typeVersion: 1.2 }),
  n8nNode('b', 'Wipe the temp folder', 'n8n-nodes-base.executeCommand', {
    parameters: { command: 'rm -rf /tmp/cache' },
  }),
  n8nNode('c', 'Spawn the helper', 'n8n-nodes-base.code', {
    typeVersion: 2,
    parameters: { jsCode: "const { execSync } = require('child_process');\nreturn [];" },
  }),
  n8nNode('d', 'Tell the team', 'n8n-nodes-base.slack', {
    typeVersion: 2.2,
    parameters: { text: 'done' },
    credentials: { slackApi: { id: '1', name: 'Ops Slack of jane@example.com' } },
  }),
]);

/** Airtable's node at typeVersion 2.2, which n8n's node packages first offered in 2.14.2. */
const NEW_AIRTABLE = exportOf('Airtable sync', [
  n8nNode('a', 'Start', 'n8n-nodes-base.manualTrigger'),
  n8nNode('b', 'Rows', 'n8n-nodes-base.airtable', { typeVersion: 2.2 }),
]);

async function list(query: string, session: TestSession | null = null) {
  const response = await call('GET', `/api/workflows?${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().workflows as { id: string }[]).map((card) => card.id);
}

async function submit(file: string, more: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/workflows', author, {
    title: 'A checked workflow',
    description: 'Does what it says.',
    price: 0,
    file_url: await uploadedUrl(ctx, author, 'workflows', file),
    category_ids: ['n8n'],
    subcategory_ids: ['productivity'],
    ...more,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

async function approve(id: string, body?: unknown) {
  const response = await call('POST', `/api/admin/workflows/${id}/approve`, admin, body);
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  [author, member, admin] = await Promise.all([
    signedInUser(ctx),
    signedInUser(ctx),
    signedInUser(ctx, { role: 'admin' }),
  ]);
});

describe('the safety check at upload', () => {
  it('answers the author every finding with node names, the compatibility and the setup estimate', async () => {
    const response = await upload(ctx, author, 'workflows', RISKY, { name: 'cleanup.json' });
    expect(response.statusCode, response.body).toBe(201);
    const { checks } = response.json();
    expect(checks.highest_severity).toBe('high');
    expect(checks.safety).toContainEqual(
      expect.objectContaining({ code: 'execute_command', severity: 'high', node: 'Wipe the temp folder' }),
    );
    expect(checks.safety).toContainEqual(
      expect.objectContaining({ code: 'code_child_process', node: 'Spawn the helper' }),
    );
    // n8n 2.0 disabled the Execute Command node: the file runs up to the last 1.x release.
    expect(checks.compatibility.min).toMatch(/^1\./);
    expect(checks.compatibility.max).toMatch(/^1\./);
    expect(checks.compatibility.limits).toContainEqual(
      expect.objectContaining({ type: 'n8n-nodes-base.executeCommand', reason: 'disabled' }),
    );
    expect(checks.setup.difficulty).toMatch(/^(beginner|intermediate|advanced)$/);
    expect(checks.setup.setup_minutes).toBeGreaterThan(0);
    expect(checks.checked_at).not.toBeNull();
  });
});

describe('a paid listing with a high-severity finding', () => {
  let id: string;

  beforeAll(async () => {
    id = await submit(RISKY, {
      title: 'Nightly server cleanup',
      price: 150_000,
      cover_image_url: await uploadedUrl(ctx, author, 'covers'),
    });
  });

  it('shows admins every finding in the queue, with the highest severity', async () => {
    const queue = (await call('GET', '/api/admin/reviews', admin)).json();
    const item = queue.items.find((entry: { workflow: { id: string } }) => entry.workflow.id === id);
    expect(item.highest_severity).toBe('high');
    const [version] = item.versions;
    expect(version.checks.safety).toContainEqual(
      expect.objectContaining({ code: 'execute_command', node: 'Wipe the temp folder' }),
    );
    expect(version.checks.compatibility.max).toMatch(/^1\./);
    expect(version.checks.setup).not.toBeNull();
  });

  it('is approved only by an admin, and only with a note', async () => {
    const anonymous = await call('POST', `/api/admin/workflows/${id}/approve`, null, { note: 'fine' });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await call('POST', `/api/admin/workflows/${id}/approve`, member, { note: 'fine' });
    expect(stranger.statusCode).toBe(403);

    for (const body of [undefined, {}, { note: '   ' }]) {
      const refused = await call('POST', `/api/admin/workflows/${id}/approve`, admin, body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error).toMatchObject({ code: 'APPROVAL_NOTE_REQUIRED', field: 'note' });
    }
    const vietnamese = await call('POST', `/api/admin/workflows/${id}/approve`, admin, undefined, {
      'accept-language': 'vi',
    });
    expect(vietnamese.json().error.message).toMatch(/phê duyệt/);
    const tooLong = await call('POST', `/api/admin/workflows/${id}/approve`, admin, {
      note: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    // Nothing was written: still pending, hidden from the public.
    expect((await call('GET', `/api/workflows/${id}`, null)).statusCode).toBe(404);
    const decisions = await ctx.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.workflowId, id));
    expect(decisions).toEqual([]);

    await approve(id, { note: '  The command only clears its own cache folder.  ' });
    const [decision] = await ctx.db
      .select()
      .from(moderationDecisions)
      .where(and(eq(moderationDecisions.workflowId, id), eq(moderationDecisions.decision, 'approved')));
    expect(decision!.reason).toBe('The command only clears its own cache folder.');
  });

  it('shows anyone the Checked panel with public findings, never node names or code', async () => {
    const response = await call('GET', `/api/workflows/${id}`, null);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.access.can_download).toBe(false);
    expect(detail.checked).toMatchObject({ version: '1.0', highest: 'high', ai_assisted: false });
    expect(detail.checked.checks).toEqual(expect.arrayContaining(['secrets', 'code', 'compatibility']));
    expect(detail.checked.findings).toContainEqual(
      expect.objectContaining({ code: 'execute_command', severity: 'high', public: true }),
    );
    for (const finding of detail.checked.findings) expect(finding).not.toHaveProperty('node');
    const text = JSON.stringify(detail.checked);
    for (const secret of ['Wipe the temp folder', 'Spawn the helper', 'rm -rf', 'execSync']) {
      expect(text).not.toContain(secret);
    }
    expect(detail.compatibility.max).toMatch(/^1\./);
    expect(detail.setup).toEqual(expect.objectContaining({ setup_minutes: expect.any(Number) }));
    expect(detail.credentials_needed).toEqual([
      { type: 'slackApi', app: 'slack', name: credentialDisplayName('slackApi') },
    ]);
    expect(detail.credentials_needed[0].name).not.toBe('slackApi');
    expect(JSON.stringify(detail.credentials_needed)).not.toContain('jane@example.com');
  });

  it("gives every finding to the author's version list, and nobody else's", async () => {
    const own = (await call('GET', `/api/workflows/${id}/versions`, author)).json();
    expect(own[0].checks.safety).toContainEqual(expect.objectContaining({ node: 'Wipe the temp folder' }));
    const stranger = (await call('GET', `/api/workflows/${id}/versions`, member)).json();
    expect(stranger[0].checks).toBeNull();
  });

  it('carries the badge and setup on its card', async () => {
    const card = (await call('GET', `/api/workflows?search=cleanup`, null))
      .json()
      .workflows.find((item: { id: string }) => item.id === id);
    expect(card.compat).toEqual({ min: expect.stringMatching(/^1\./), max: expect.stringMatching(/^1\./) });
    expect(card.setup.difficulty).toMatch(/^(beginner|intermediate|advanced)$/);
  });
});

describe('GET /api/workflows?n8n=', () => {
  let newer: string;
  let make: string;

  beforeAll(async () => {
    newer = await submit(NEW_AIRTABLE, { title: 'Airtable rows sync' });
    await approve(newer);
    make = (
      await createWorkflow(ctx.db, ctx.storage, {
        userId: author.user.id,
        title: 'Airtable rows on Make',
        platform: 'make',
      })
    ).id;
  });

  it('leaves out what is known not to run on that release, keeps Make listings', async () => {
    const old = await list('n8n=1.98&search=airtable');
    expect(old).not.toContain(newer);
    expect(old).toContain(make);
    expect(await list('n8n=2.41&search=airtable')).toEqual(expect.arrayContaining([newer, make]));
    expect(await list('n8n=2.14.2')).toContain(newer);
    expect(await list('search=airtable')).toEqual(expect.arrayContaining([newer, make]));
    // The author's own list (a database query) filters the same way.
    expect(await list('user_id=me&n8n=1.98', author)).not.toContain(newer);
    expect(await list('user_id=me&n8n=2.41', author)).toContain(newer);
    const facets = (await call('GET', '/api/workflows?n8n=1.98&search=airtable', null)).json().facets;
    expect(facets.platforms).not.toContainEqual({ id: 'n8n', count: expect.any(Number) });
  });

  it('checks every new version: its author sees the findings, an admin needs a note to list it', async () => {
    const second = await submit(NEW_AIRTABLE, { title: 'Airtable base backup' });
    await approve(second);
    const added = await call('POST', `/api/workflows/${second}/versions`, author, {
      version: '1.1',
      notes: 'Also clears the cache.',
      file_url: await uploadedUrl(ctx, author, 'workflows', RISKY),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().checks.highest_severity).toBe('high');
    expect(added.json().checks.safety).toContainEqual(
      expect.objectContaining({ code: 'execute_command', node: 'Wipe the temp folder' }),
    );
    const refused = await call('POST', `/api/admin/workflows/${second}/approve`, admin, {});
    expect(refused.json().error.code).toBe('APPROVAL_NOTE_REQUIRED');
    // The listed version is still 1.0 (Airtable 2.2): kept for 2.41, left out for 1.98.
    expect(await list('n8n=1.98&search=airtable')).not.toContain(second);
    await approve(second, { note: 'Reviewed the command.' });
    // 1.1 runs on 1.x only (Execute Command was disabled in 2.0).
    expect(await list('n8n=1.98&search=airtable')).toContain(second);
    expect(await list('n8n=2.41&search=airtable')).not.toContain(second);
  });

  it('refuses a value that is not a release, with a translated message', async () => {
    for (const bad of ['latest', '1', '1.98.x', '01.2.3.4']) {
      const response = await call('GET', `/api/workflows?n8n=${bad}`, null, undefined, {
        'accept-language': 'vi',
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'n8n' });
      expect(response.json().error.message).toContain('phiên bản n8n');
    }
  });
});

describe('recomputing stored checks', () => {
  it('fills in the checks of versions stored before them, and follows a new node catalogue', async () => {
    const old = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      title: 'Stored before the checks',
      file: RISKY,
    });
    const before = (await call('GET', `/api/workflows/${old.id}`, null)).json();
    expect(before.checked).toBeNull();

    await ctx.app.jobs.enqueue(RECOMPUTE_CHECKS_JOB, {});
    await ctx.app.jobs.runDue();
    const [version] = await ctx.db
      .select({ id: workflowVersions.id, checks: workflowVersions.checks })
      .from(workflowVersions)
      .where(eq(workflowVersions.workflowId, old.id));
    const checks = version!.checks as {
      safety: { code: string }[];
      catalogue: string;
      compatibility: object;
    };
    expect(checks.safety.map((finding) => finding.code)).toContain('execute_command');
    expect(checks.catalogue).toBe(N8N_CATALOGUE_VERSION);
    const after = (await call('GET', `/api/workflows/${old.id}`, null)).json();
    expect(after.checked.highest).toBe('high');

    // A compatibility stamped by another catalogue is recomputed from the stored summary.
    await ctx.db
      .update(workflowVersions)
      .set({
        checks: {
          ...checks,
          catalogue: 'older',
          compatibility: { ...checks.compatibility, min: '9.9.9' },
        },
      })
      .where(eq(workflowVersions.id, version!.id));
    await ctx.app.jobs.enqueue(RECOMPUTE_CHECKS_JOB, {});
    await ctx.app.jobs.runDue();
    const again = (await call('GET', `/api/workflows/${old.id}`, null)).json();
    expect(again.compatibility.min).toMatch(/^1\./);
    const [stamped] = await ctx.db
      .select({ checks: workflowVersions.checks })
      .from(workflowVersions)
      .where(eq(workflowVersions.id, version!.id));
    expect((stamped!.checks as { catalogue: string }).catalogue).toBe(N8N_CATALOGUE_VERSION);
  });
});

describe('the n8n templates API and MCP', () => {
  beforeAll(async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    mcpUrl = `${address}/mcp`;
  });

  it('says which n8n releases a template runs on', async () => {
    const search = (await call('GET', '/n8n/templates/search?search=airtable+rows+sync', null)).json();
    const item = search.workflows.find((entry: { name: string }) => entry.name === 'Airtable rows sync');
    expect(item.compatibility).toEqual({ min: '2.14.2', max: null });
    expect(item.description).toContain('Runs on n8n ≥ 2.14.2');
    const detail = (await call('GET', `/n8n/templates/workflows/${item.id}`, null)).json();
    expect(detail.workflow.description).toContain('Runs on n8n ≥ 2.14.2');
    const vi = (await call('GET', `/n8n/vi/templates/workflows/${item.id}`, null)).json();
    expect(vi.workflow.description).toContain('Chạy trên n8n ≥ 2.14.2');
  });

  it('answers MCP clients the compatibility, setup and public findings', async () => {
    const client = new Client({ name: 'flowbay-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
    const found = (await client.callTool({
      name: 'search_templates',
      arguments: { query: 'nightly server cleanup', n8n_version: '2.41' },
    })) as CallToolResult;
    // The cleanup runs on 1.x only (its Execute Command node was disabled in 2.0).
    const results = (found.structuredContent as { workflows: { title: string }[] }).workflows;
    expect(results.map((result) => result.title)).not.toContain('Nightly server cleanup');
    const listed = (await client.callTool({
      name: 'search_templates',
      arguments: { query: 'nightly server cleanup' },
    })) as CallToolResult;
    const hit = (
      listed.structuredContent as { workflows: { id: string; title: string; n8n_compatibility: unknown }[] }
    ).workflows.find((result) => result.title === 'Nightly server cleanup')!;
    expect(hit.n8n_compatibility).toEqual({ min: expect.stringMatching(/^1\./), max: expect.any(String) });
    const got = (await client.callTool({
      name: 'get_template',
      arguments: { id: hit.id },
    })) as CallToolResult;
    const facts = got.structuredContent as {
      n8n_compatibility: { max: string };
      setup: { setup_minutes: number };
      checked: { findings: { code: string }[] };
      credentials_needed: { name: string }[];
    };
    expect(facts.n8n_compatibility.max).toMatch(/^1\./);
    expect(facts.setup.setup_minutes).toBeGreaterThan(0);
    expect(facts.checked.findings.map((finding) => finding.code)).toContain('execute_command');
    expect(JSON.stringify(facts.checked)).not.toContain('Wipe the temp folder');
    expect(facts.credentials_needed).toEqual([{ app: 'slack', name: credentialDisplayName('slackApi') }]);
    await client.close();
  });
});
