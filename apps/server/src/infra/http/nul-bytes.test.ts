import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable, workflows } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, signUpAndVerify, uniqueAddress, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';

const NUL = '\u0000';
const dist = mkdtempSync(join(tmpdir(), 'flowbay-nul-dist-'));
const logLines: { level: number; msg: string }[] = [];
let ctx: TestContext;
let member: TestSession;
let admin: TestSession;
let workflowId = '';
let pendingId = '';

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  ctx = await createTestApp({
    app: { webDist: dist, logger: { level: 'debug', stream } },
    env: { TRANSLATE_URL: 'http://127.0.0.1:9' },
  });
  member = await signUpAndVerify(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
  workflowId = (await createWorkflow(ctx.db, ctx.storage, { userId: member.user.id })).id;
  pendingId = (await createWorkflow(ctx.db, ctx.storage, { userId: member.user.id, status: 'pending' })).id;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  payload?: () => object | string;
  contentType?: string;
  session?: () => TestSession;
  status: 400 | 404;
  field?: string;
}

const CASES: Case[] = [
  // JSON bodies of the API
  {
    name: 'workflow title',
    method: 'PUT',
    url: () => `/api/workflows/${workflowId}`,
    payload: () => ({ title: `Sync ${NUL} orders` }),
    session: () => member,
    status: 400,
    field: 'title',
  },
  {
    name: 'workflow description',
    method: 'PUT',
    url: () => `/api/workflows/${workflowId}`,
    payload: () => ({ description: `a${NUL}b` }),
    session: () => member,
    status: 400,
    field: 'description',
  },
  {
    name: 'profile full name',
    method: 'PUT',
    url: () => '/api/profile/me',
    payload: () => ({ full_name: `Lê${NUL}` }),
    session: () => member,
    status: 400,
    field: 'full_name',
  },
  {
    name: 'profile display name',
    method: 'PUT',
    url: () => '/api/profile/me',
    payload: () => ({ display_name: NUL }),
    session: () => member,
    status: 400,
    field: 'display_name',
  },
  {
    name: 'contact message',
    method: 'POST',
    url: () => '/api/contact',
    payload: () => ({
      full_name: 'Visitor',
      email: 'v@example.test',
      subject: 'Hello there',
      message: `Long enough message ${NUL}`,
    }),
    status: 400,
    field: 'message',
  },
  {
    name: 'contact name',
    method: 'POST',
    url: () => '/api/contact',
    payload: () => ({
      full_name: `V${NUL}`,
      email: 'v@example.test',
      subject: 'Hello there',
      message: 'Long enough message',
    }),
    status: 400,
    field: 'full_name',
  },
  {
    name: 'report details',
    method: 'POST',
    url: () => `/api/workflows/${workflowId}/reports`,
    payload: () => ({ reason: 'spam', details: `x${NUL}` }),
    session: () => admin,
    status: 400,
    field: 'details',
  },
  {
    name: 'rejection reason',
    method: 'POST',
    url: () => `/api/admin/workflows/${pendingId}/reject`,
    payload: () => ({ reason: `no${NUL}` }),
    session: () => admin,
    status: 400,
    field: 'reason',
  },
  {
    name: 'favourite workflow id',
    method: 'POST',
    url: () => '/api/favorites',
    payload: () => ({ workflow_id: NUL }),
    session: () => member,
    status: 400,
    field: 'workflow_id',
  },
  {
    name: 'category link',
    method: 'POST',
    url: () => '/api/workflow-categories',
    payload: () => [{ workflow_id: workflowId, category_id: `n8n${NUL}` }],
    session: () => member,
    status: 400,
    field: '0.category_id',
  },
  {
    name: 'translation text',
    method: 'POST',
    url: () => '/api/translate',
    payload: () => ({ texts: [`hi${NUL}`], target: 'vi' }),
    session: () => member,
    status: 400,
    field: 'texts.0',
  },
  // Better Auth's bodies, JSON and form-encoded
  {
    name: 'sign-in e-mail',
    method: 'POST',
    url: () => '/api/auth/sign-in/email',
    payload: () => ({ email: `a${NUL}@example.test`, password: 'whatever123' }),
    status: 400,
    field: 'email',
  },
  {
    name: 'sign-in e-mail (form)',
    method: 'POST',
    url: () => '/api/auth/sign-in/email',
    payload: () => `email=a%00%40example.test&password=whatever123`,
    contentType: 'application/x-www-form-urlencoded',
    status: 400,
    field: 'email',
  },
  {
    name: 'sign-up e-mail',
    method: 'POST',
    url: () => '/api/auth/sign-up/email',
    payload: () => ({ email: `new${NUL}@example.test`, password: 'long enough pw' }),
    status: 400,
    field: 'email',
  },
  {
    name: 'password-reset e-mail',
    method: 'POST',
    url: () => '/api/auth/request-password-reset',
    payload: () => ({ email: `x${NUL}@example.test` }),
    status: 400,
    field: 'email',
  },
  {
    name: 'Better Auth user name',
    method: 'POST',
    url: () => '/api/auth/update-user',
    payload: () => ({ name: `n${NUL}` }),
    session: () => member,
    status: 400,
    field: 'name',
  },
  // query values
  {
    name: 'search',
    method: 'GET',
    url: () => '/api/workflows?search=%00',
    status: 400,
    field: 'search',
  },
  {
    name: 'category filter',
    method: 'GET',
    url: () => '/api/workflows?category=n8n%00',
    status: 400,
    field: 'category',
  },
  {
    name: 'author filter',
    method: 'GET',
    url: () => '/api/workflows?user_id=%00',
    status: 400,
    field: 'user_id',
  },
  {
    name: 'subcategories of a category',
    method: 'GET',
    url: () => '/api/subcategories?category_id=%00',
    status: 400,
    field: 'category_id',
  },
  {
    name: 'favourite check',
    method: 'GET',
    url: () => '/api/favorites/check?workflow_id=%00',
    session: () => member,
    status: 400,
    field: 'workflow_id',
  },
  // path ids and pages
  { name: 'workflow id', method: 'GET', url: () => '/api/workflows/%00abc', status: 404 },
  { name: 'workflow versions', method: 'GET', url: () => '/api/workflows/a%00/versions', status: 404 },
  { name: 'view count', method: 'POST', url: () => '/api/workflows/%00/views', status: 404 },
  { name: 'public profile', method: 'GET', url: () => '/api/profile/%00', status: 404 },
  { name: 'author stats', method: 'GET', url: () => '/api/author-stats/%00', status: 404 },
  {
    name: 'unfavourite',
    method: 'DELETE',
    url: () => '/api/favorites/%00',
    session: () => member,
    status: 404,
  },
  { name: 'workflow page', method: 'GET', url: () => '/workflows/%00', status: 404 },
  { name: 'profile page', method: 'GET', url: () => '/profiles/%00', status: 404 },
  { name: 'static asset', method: 'GET', url: () => '/assets/app.js%00', status: 404 },

  {
    name: 'static traversal (backslashes)',
    method: 'GET',
    url: () => '/assets/..%5c..%5cpackage.json',
    status: 404,
  },
];

describe('NUL bytes and bad paths answer 4xx with a code, never 500', () => {
  it.each(CASES.map((item) => [item.name, item] as const))('%s', async (_name, item) => {
    const before = logLines.length;
    const payload = item.payload?.();
    const response = await ctx.app.inject({
      method: item.method,
      url: item.url(),
      remoteAddress: uniqueAddress(),
      headers: {
        ...(item.session?.().headers ?? {}),
        ...(item.contentType ? { 'content-type': item.contentType } : {}),
        'x-language': 'vi',
      },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode, response.body).toBe(item.status);
    const error = response.json().error;
    expect(error.code).toBe(item.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED');
    if (item.field) {
      expect(error.field).toBe(item.field);
      expect(error.message).toBe('Văn bản không được chứa ký tự NUL.');
    }
    // Logged as the client's mistake, not as a server fault.
    expect(logLines.slice(before).filter((line) => line.level >= 40)).toEqual([]);
  });

  it('wrote nothing: the workflow, the profile and the rejected workflow are unchanged', async () => {
    const [workflow] = await ctx.db.select().from(workflows).where(eq(workflows.id, workflowId));
    expect(workflow!.title).not.toContain(NUL);
    const [pending] = await ctx.db.select().from(workflows).where(eq(workflows.id, pendingId));
    expect(pending!.status).toBe('pending');
    const [profile] = await ctx.db.select().from(userTable).where(eq(userTable.id, member.user.id));
    expect(profile!.name).not.toContain(NUL);
  });

  it('still accepts text around the rule: "%2500" is the text "%00", not a NUL', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/workflows?search=%2500' });
    expect(response.statusCode).toBe(200);
  });
});
