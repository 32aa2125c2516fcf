import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/app.ts';
import {
  signInAs,
  signUpAndVerify,
  TEST_PASSWORD,
  uniqueAddress,
  type TestSession,
} from '../../test/auth.ts';
import { createUser } from '../../test/factories.ts';

const ctx = useTestApp();

describe('test sessions', () => {
  it('signUpAndVerify gives a cookie and a bearer token that both reach GET /api/profile/me', async () => {
    const session = await signUpAndVerify(ctx);
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/me',
      headers: session.headers,
    });
    expect(byCookie.statusCode, byCookie.body).toBe(200);
    expect(byCookie.json()).toMatchObject({ id: session.user.id, email: session.user.email, role: 'user' });
    const byBearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/me',
      headers: session.bearerHeaders,
    });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().id).toBe(session.user.id);
  });

  it('signUpAndVerify({ admin: true }) is an admin viewer', async () => {
    const session = await signUpAndVerify(ctx, { admin: true });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/me',
      headers: session.bearerHeaders,
    });
    expect(me.json().role).toBe('admin');
  });

  it('signInAs works for a factory user, by cookie and by bearer', async () => {
    const row = await createUser(ctx.db);
    const session = await signInAs(ctx, row);
    for (const headers of [session.headers, session.bearerHeaders]) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json().id).toBe(row.id);
    }
  });

  it('anonymous gets 401 UNAUTHENTICATED', async () => {
    const me = await ctx.app.inject({ method: 'GET', url: '/api/profile/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('served over https', () => {
  it('sets the session cookie with the Secure flag and the __Secure- prefix, and still resolves the viewer', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://flowbay.example' } });
    try {
      const session = await signUpAndVerify(secure);
      expect(session.cookie.startsWith('__Secure-better-auth.session_token=')).toBe(true);
      const signIn = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: session.user.email, password: TEST_PASSWORD },
        remoteAddress: uniqueAddress(),
      });
      const setCookie = ([] as string[])
        .concat(signIn.headers['set-cookie'] ?? [])
        .find((cookie) => cookie.includes('session_token='));
      expect(setCookie).toMatch(/; Secure/i);
      expect(setCookie).toMatch(/; HttpOnly/i);
      const me = await secure.app.inject({ method: 'GET', url: '/api/profile/me', headers: session.headers });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(session.user.id);
    } finally {
      await secure.close();
    }
  });
});

describe('revoking one session', () => {
  const revoke = (session: TestSession, token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: session.headers,
      payload: { token },
    });
  /** The stored token (what GET /api/auth/list-sessions shows), not the signed cookie value. */
  const tokenOf = (session: TestSession) => session.bearer.slice(0, session.bearer.lastIndexOf('.'));
  const signedIn = async (session: TestSession) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: session.bearerHeaders }))
      .statusCode;

  it("answers 404 SESSION_NOT_FOUND for another user's token and leaves that session alone", async () => {
    const alice = await signInAs(ctx, await createUser(ctx.db));
    const bob = await signInAs(ctx, await createUser(ctx.db));
    const response = await revoke(alice, tokenOf(bob));
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error).toEqual({
      code: 'SESSION_NOT_FOUND',
      message: 'This session was not found among your own sessions.',
    });
    expect(await signedIn(bob)).toBe(200);

    const vietnamese = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: { ...alice.headers, 'x-language': 'vi' },
      payload: { token: 'no-such-session' },
    });
    expect(vietnamese.statusCode).toBe(404);
    expect(vietnamese.json().error.message).toBe(
      'Không tìm thấy phiên đăng nhập này trong các phiên của bạn.',
    );
  });

  it("revokes the caller's own other session", async () => {
    const row = await createUser(ctx.db);
    const laptop = await signInAs(ctx, row);
    const phone = await signInAs(ctx, row);
    const response = await revoke(laptop, tokenOf(phone));
    expect(response.statusCode, response.body).toBe(200);
    expect(await signedIn(phone)).toBe(401);
    expect(await signedIn(laptop)).toBe(200);
  });
});
