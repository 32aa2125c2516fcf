import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user as userTable, workflows } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import {
  sessionCaller,
  signedInUser,
  signUpAndVerify,
  uniqueAddress,
  type TestSession,
} from '../../test/auth.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { refuseCrossSiteWrites } from './cross-site.ts';

const ctx = useTestApp();
let admin: TestSession;
let member: TestSession;
const SITE = 'http://localhost:3000';
// "Same site" as Flowbay (another port or subdomain of the same host) but another origin.
const FOREIGN = 'http://localhost:4444';

beforeAll(async () => {
  admin = await signedInUser(ctx, { role: 'admin' });
  member = await signUpAndVerify(ctx);
});

const call = sessionCaller(() => ctx);
/** The member's cookie sent by a page of another origin. */
const fromForeignPage = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(method, url, member, payload, { origin: FOREIGN });

async function pendingWorkflow() {
  const author = await createUser(ctx.db);
  return createWorkflow(ctx.db, ctx.storage, { userId: author.id, status: 'pending' });
}

async function statusOf(id: string) {
  const [row] = await ctx.db.select({ status: workflows.status }).from(workflows).where(eq(workflows.id, id));
  return row?.status;
}

const approve = (id: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/workflows/${id}/approve`, headers });

describe('writes carrying a cookie session must come from the site', () => {
  it("refuses an admin's approve sent from another origin with the admin's cookie, and approves nothing", async () => {
    const workflow = await pendingWorkflow();
    const refused = await approve(workflow.id, { cookie: admin.cookie, origin: FOREIGN });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'CROSS_SITE_REQUEST',
      message: 'This request came from another website and was refused. Please try again from Flowbay.',
    });
    expect(await statusOf(workflow.id)).toBe('pending');

    const vietnamese = await approve(workflow.id, {
      cookie: admin.cookie,
      origin: FOREIGN,
      'x-language': 'vi',
    });
    expect(vietnamese.json().error.message).toBe(
      'Yêu cầu này đến từ một trang web khác nên đã bị từ chối. Vui lòng thử lại trên Flowbay.',
    );

    const fromSite = await approve(workflow.id, { cookie: admin.cookie, origin: SITE });
    expect(fromSite.statusCode, fromSite.body).toBe(200);
    expect(await statusOf(workflow.id)).toBe('listed');
  });

  it("judges by the Referer when there is no Origin, and refuses when there is neither or Origin is 'null'", async () => {
    const workflow = await pendingWorkflow();
    const variants: Record<string, string>[] = [
      { referer: `${FOREIGN}/attack.html` },
      {},
      { origin: 'null' },
      { referer: 'not a url' },
    ];
    for (const headers of variants) {
      const response = await approve(workflow.id, { cookie: admin.cookie, ...headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await statusOf(workflow.id)).toBe('pending');
    const response = await approve(workflow.id, { cookie: admin.cookie, referer: `${SITE}/admin` });
    expect(response.statusCode).toBe(200);
  });

  it('covers every write method: a profile update (PUT), a favourite (POST/DELETE), Better Auth writes', async () => {
    const before = (await ctx.db.select().from(userTable).where(eq(userTable.id, member.user.id)))[0]!;
    const put = await fromForeignPage('PUT', '/api/profile/me', { full_name: 'Changed by a foreign page' });
    expect(put.statusCode).toBe(403);
    const after = (await ctx.db.select().from(userTable).where(eq(userTable.id, member.user.id)))[0]!;
    expect(after.name).toBe(before.name);

    const del = await fromForeignPage('DELETE', '/api/favorites/00000000-0000-4000-8000-000000000000');
    expect(del.statusCode).toBe(403);

    const updateUser = await fromForeignPage('POST', '/api/auth/update-user', {
      name: 'Changed through Better Auth',
    });
    expect(updateUser.statusCode).toBe(403);
    expect(updateUser.json().error.code).toBe('CROSS_SITE_REQUEST');

    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: member.cookie, referer: `${FOREIGN}/` },
    });
    expect(signOut.statusCode).toBe(403);
    const stillSignedIn = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/me',
      headers: { cookie: member.cookie },
    });
    expect(stillSignedIn.statusCode).toBe(200);

    const put2 = await call('PUT', '/api/profile/me', member, { full_name: 'Changed on the site' });
    expect(put2.statusCode, put2.body).toBe(200);
  });

  it('leaves bearer-token clients, cookie-less callers and reads alone', async () => {
    const workflow = await pendingWorkflow();
    // An API client with its token and no Origin at all.
    const bearer = await approve(workflow.id, admin.bearerHeaders);
    expect(bearer.statusCode, bearer.body).toBe(200);
    // A server-to-server caller (a payment provider's callback) sends no cookie: never refused as cross-site.
    const callback = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: uniqueAddress(),
      headers: { origin: FOREIGN },
      payload: { email: 'nobody@example.test', password: 'not the password' },
    });
    expect(callback.statusCode).toBe(401);
    const read = await fromForeignPage('GET', '/api/profile/me');
    expect(read.statusCode).toBe(200);
  });
});

describe('an Authorization header beside the cookie does not turn the check off', () => {
  const refusedAsCrossSite = (response: { statusCode: number; json(): { error: { code: string } } }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
  };

  it("refuses an admin's approve from another origin with the cookie and a proxy's Basic or Negotiate credentials", async () => {
    const workflow = await pendingWorkflow();
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Negotiate YIIBhwYGKwYBBQUCoIIBezCCAXeg']) {
      refusedAsCrossSite(
        await approve(workflow.id, { cookie: admin.cookie, authorization, origin: FOREIGN }),
      );
    }
    expect(await statusOf(workflow.id)).toBe('pending');
  });

  it('refuses the cookie with a made-up Bearer token, and with the valid bearer token too', async () => {
    const workflow = await pendingWorkflow();
    const garbage = { cookie: admin.cookie, authorization: 'Bearer not-a-token', origin: FOREIGN };
    refusedAsCrossSite(await approve(workflow.id, garbage));
    const both = { cookie: admin.cookie, ...admin.bearerHeaders, origin: FOREIGN };
    refusedAsCrossSite(await approve(workflow.id, both));
    expect(await statusOf(workflow.id)).toBe('pending');
  });

  it('lets a valid bearer token without a cookie write whatever Origin it names', async () => {
    const workflow = await pendingWorkflow();
    const response = await approve(workflow.id, { ...admin.bearerHeaders, origin: FOREIGN });
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(workflow.id)).toBe('listed');
  });
});

describe('opting a route out', () => {
  it('a route with config.allowCrossSiteWrites accepts a cookie-carrying write from anywhere; others do not', async () => {
    const app = Fastify();
    refuseCrossSiteWrites(app, SITE);
    app.post('/callback', { config: { allowCrossSiteWrites: true } }, async () => ({ ok: true }));
    app.post('/write', async () => ({ ok: true }));
    const headers = { cookie: 'a=b', origin: FOREIGN };
    expect((await app.inject({ method: 'POST', url: '/callback', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/write', headers })).statusCode).toBe(403);
    await app.close();
  });
});
