import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account as accountTable, user as userTable } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { uniqueAddress } from '../../test/auth.ts';

/** A local OpenID Connect server stands in for Google (GOOGLE_DISCOVERY_URL points at it). */
let oidc: OAuth2Server;
let ctx: TestContext;
let nextIdentity: Record<string, unknown> = {};

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, nextIdentity);
  });
  ctx = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'flowbay-test-client',
      GOOGLE_CLIENT_SECRET: 'flowbay-test-secret',
      GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
      ADMIN_EMAILS: 'Google.Boss@example.test',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await oidc?.stop();
});

function cookiePairs(setCookie: string | string[] | undefined): string[] {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.map((cookie) => cookie.split(';')[0]!).filter((pair) => !pair.endsWith('='));
}

/** The browser's part of the dance: start, visit the provider, come back to the callback with the code. */
async function signInWithGoogle(identity: Record<string, unknown>, callbackURL = '/workflows') {
  nextIdentity = identity;
  const address = uniqueAddress();
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL },
    remoteAddress: address,
  });
  expect(start.statusCode, start.body).toBe(200);
  const { url, redirect } = start.json() as { url: string; redirect: boolean };
  expect(redirect).toBe(true);
  expect(url.startsWith(`${oidc.issuer.url}/authorize?`)).toBe(true);
  expect(new URL(url).searchParams.get('redirect_uri')).toBe(
    'http://localhost:3000/api/auth/callback/google',
  );

  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/callback/google');

  const callback = await ctx.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookiePairs(start.headers['set-cookie']).join('; ') },
    remoteAddress: address,
  });
  return callback;
}

/** The claims of a Google account whose e-mail Google has verified. */
const googleUser = (sub: string, email: string, name: string) => ({ sub, email, email_verified: true, name });
const ANA = googleUser('google-subject-1', 'ana@example.test', 'Ana Nguyễn');

describe('Google sign-in (against a local OpenID Connect server)', () => {
  it('lists Google among the sign-in methods when it is configured', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ emailPassword: true, google: true });
  });

  it('a first Google sign-in creates the account and its profile, and signs in', async () => {
    const callback = await signInWithGoogle({ ...ANA, picture: 'https://images.example.test/ana.png' });
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/workflows');
    const session = cookiePairs(callback.headers['set-cookie']).find((pair) =>
      pair.startsWith('better-auth.session_token='),
    );
    expect(session).toBeDefined();

    const me = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: { cookie: session! } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ana@example.test',
      full_name: 'Ana Nguyễn',
      avatar_url: 'https://images.example.test/ana.png',
      role: 'user',
      email_verified: true,
    });
    const publicProfile = await ctx.app.inject({ method: 'GET', url: `/api/profile/${me.json().id}` });
    expect(publicProfile.statusCode).toBe(200);
    expect(publicProfile.json()).toMatchObject({ full_name: 'Ana Nguyễn' });
    expect(publicProfile.body).not.toContain('ana@example.test');
    const accounts = await ctx.db.select().from(accountTable).where(eq(accountTable.userId, me.json().id));
    expect(accounts.map((row) => [row.providerId, row.accountId])).toEqual([['google', 'google-subject-1']]);
    // Google's tokens (JWTs from this provider: "eyJ…") are stored encrypted, the ID token not at all.
    expect(accounts[0]!.accessToken).toBeTruthy();
    expect(accounts[0]!.idToken).toBeNull();
    expect(JSON.stringify(accounts)).not.toContain('eyJ');

    // A second sign-in reuses the same account.
    const again = await signInWithGoogle(ANA);
    expect(again.statusCode).toBe(302);
    expect(await ctx.db.select().from(userTable).where(eq(userTable.email, 'ana@example.test'))).toHaveLength(
      1,
    );
  });

  it('makes a Google account listed in ADMIN_EMAILS an admin (its address is verified by Google)', async () => {
    const callback = await signInWithGoogle(
      googleUser('google-subject-2', 'google.boss@example.test', 'Boss'),
    );
    expect(callback.statusCode).toBe(302);
    const [row] = await ctx.db
      .select()
      .from(userTable)
      .where(eq(userTable.email, 'google.boss@example.test'));
    expect(row!.role).toBe('admin');
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=made-up&state=made-up',
      remoteAddress: uniqueAddress(),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/error=/);
    expect(await ctx.db.select().from(userTable)).toHaveLength(2);
  });

  it("a new buyer who chose Google on the Buy step's sign-in comes back to that Buy step", async () => {
    const buyStep = '/workflows/slack-digest-42?licence=agency#buy';
    const callback = await signInWithGoogle(
      googleUser('google-subject-buyer', 'buyer-google@example.test', 'Bình'),
      buyStep,
    );
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe(buyStep);
  });
});
