import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { session as sessionTable, user as userTable } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { linkPath, uniqueAddress } from '../../test/auth.ts';
import { startSmtpServer } from '../../test/smtp.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sequence = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const PASSWORD = 'a long enough secret';

function newEmail() {
  sequence += 1;
  return `person${sequence}@example.test`;
}

/** Each call from a fresh client address, so the per-IP limits (tested elsewhere) stay out of the way. */
function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
    remoteAddress: uniqueAddress(),
  });
}
function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers, remoteAddress: uniqueAddress() });
}

function sessionCookie(setCookie: string | string[] | undefined) {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const full = cookies.find((cookie) => cookie.startsWith('better-auth.session_token='));
  return full ? { pair: full.split(';')[0]!, attributes: full } : null;
}

async function signUp(
  email: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const response = await post('/api/auth/sign-up/email', { email, password: PASSWORD, ...extra }, headers);
  expect(response.statusCode, response.body).toBe(200);
  await ctx.app.jobs.runDue(); // the confirmation e-mail is sent by a job
  return response;
}

async function confirm(email: string) {
  const mail = smtp.to(email).at(-1);
  expect(mail?.link, `confirmation e-mail for ${email}`).toBeTruthy();
  return get(linkPath(mail!.link!));
}

async function signIn(email: string, password = PASSWORD) {
  return post('/api/auth/sign-in/email', { email, password });
}

describe('e-mail and password accounts over HTTP, with a real SMTP server', () => {
  it('sign-up → confirmation e-mail → confirm → sign-in → cookie and bearer both work → sign-out revokes', async () => {
    const email = newEmail();
    const signUpResponse = await signUp(email);
    expect(signUpResponse.json().token).toBeNull();
    expect(sessionCookie(signUpResponse.headers['set-cookie'])).toBeNull();

    const mail = smtp.to(email).at(-1)!;
    expect(mail.subject).toBe('Confirm your e-mail address for Flowbay');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);

    const beforeConfirm = await signIn(email);
    expect(beforeConfirm.statusCode).toBe(403);
    expect(beforeConfirm.json().error.code).toBe('EMAIL_NOT_VERIFIED');

    const confirmed = await confirm(email);
    expect(confirmed.statusCode).toBe(302);
    // The recipient's language rides along, so the page opens in it on any device.
    expect(confirmed.headers.location).toBe('/?lang=en');
    const [row] = await ctx.db.select().from(userTable).where(eq(userTable.email, email));
    expect(row!.emailVerified).toBe(true);

    const signedIn = await signIn(email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    expect(cookie).not.toBeNull();
    expect(cookie!.attributes).toMatch(/HttpOnly/i);
    expect(cookie!.attributes).toMatch(/SameSite=Lax/i);
    expect(cookie!.attributes).not.toMatch(/Secure/i);
    const bearer = signedIn.headers['set-auth-token'];
    expect(typeof bearer).toBe('string');

    const byCookie = await get('/api/profile/me', { cookie: cookie!.pair });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toMatchObject({
      id: row!.id,
      email,
      role: 'user',
      locale: 'en',
      email_verified: true,
    });
    const byBearer = await get('/api/profile/me', { authorization: `Bearer ${bearer}` });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().id).toBe(row!.id);

    const session = await get('/api/auth/get-session', { cookie: cookie!.pair });
    expect(session.json().user.email).toBe(email);

    const signOut = await post(
      '/api/auth/sign-out',
      {},
      { cookie: cookie!.pair, origin: 'http://localhost:3000' },
    );
    expect(signOut.statusCode, signOut.body).toBe(200);
    const token = decodeURIComponent(cookie!.pair.split('=')[1]!).split('.')[0]!;
    expect(await ctx.db.select().from(sessionTable).where(eq(sessionTable.token, token))).toEqual([]);
    const both: Record<string, string>[] = [{ cookie: cookie!.pair }, { authorization: `Bearer ${bearer}` }];
    for (const headers of both) {
      const after = await get('/api/profile/me', headers);
      expect(after.statusCode).toBe(401);
      expect(after.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('signs out an API client by its bearer token; the revoked token then gets 401, never a 500', async () => {
    const email = newEmail();
    await signUp(email);
    await confirm(email);
    const bearer = (await signIn(email)).headers['set-auth-token'] as string;
    const signOut = await post('/api/auth/sign-out', {}, { authorization: `Bearer ${bearer}` });
    expect(signOut.statusCode, signOut.body).toBe(200);
    const after = await get('/api/profile/me', { authorization: `Bearer ${bearer}` });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
    const session = await get('/api/auth/get-session', { authorization: `Bearer ${bearer}` });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toBeNull();
  });

  it('treats a forged or malformed bearer token and cookie as anonymous', async () => {
    const attempts: Record<string, string>[] = [
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Bearer abc.def' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { cookie: 'better-auth.session_token=forged.c2lnbmF0dXJl' },
    ];
    for (const headers of attempts) {
      const response = await get('/api/profile/me', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers a sign-up for an existing address so the client can say "This email already exists."', async () => {
    const email = newEmail();
    await signUp(email);
    for (const variant of [email, email.toUpperCase()]) {
      const again = await post('/api/auth/sign-up/email', { email: variant, password: 'another password' });
      expect(again.statusCode).toBe(422);
      expect(again.json().error).toEqual({
        code: 'USER_ALREADY_EXISTS',
        message: 'This email already exists.',
      });
    }
    const inVietnamese = await post(
      '/api/auth/sign-up/email',
      { email, password: PASSWORD },
      { 'x-language': 'vi' },
    );
    expect(inVietnamese.json().error.message).toBe('E-mail này đã được đăng ký.');
    await ctx.app.jobs.runDue();
    // No second account and no second e-mail.
    expect(smtp.to(email)).toHaveLength(1);
    expect(await ctx.db.select().from(userTable).where(eq(userTable.email, email))).toHaveLength(1);
  });

  it('writes e-mails in the recipient language: a locale field or the x-language header at sign-up', async () => {
    const byField = newEmail();
    await signUp(byField, { locale: 'vi' });
    const byHeader = newEmail();
    await signUp(byHeader, {}, { 'x-language': 'vi' });
    for (const email of [byField, byHeader]) {
      const mail = smtp.to(email).at(-1)!;
      expect(mail.subject).toBe('Xác nhận địa chỉ e-mail của bạn trên Flowbay');
      expect(mail.text).toContain('Hãy xác nhận địa chỉ e-mail');
      const [row] = await ctx.db.select().from(userTable).where(eq(userTable.email, email));
      expect(row!.locale).toBe('vi');
    }
    const invalidLocale = await post('/api/auth/sign-up/email', {
      email: newEmail(),
      password: PASSWORD,
      locale: 'fr',
    });
    expect(invalidLocale.statusCode).toBe(400);
    expect(invalidLocale.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('cannot set its own role at sign-up', async () => {
    const email = newEmail();
    const response = await post('/api/auth/sign-up/email', { email, password: PASSWORD, role: 'admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('user');
    const [row] = await ctx.db.select().from(userTable).where(eq(userTable.email, email));
    expect(row!.role).toBe('user');
  });

  it('resends the confirmation e-mail on request, and only for an unconfirmed account', async () => {
    const email = newEmail();
    await signUp(email);
    const resend = await post('/api/auth/send-verification-email', { email, callbackURL: '/' });
    expect(resend.statusCode, resend.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect(smtp.to(email)).toHaveLength(2);
    const unknown = await post('/api/auth/send-verification-email', { email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(smtp.to('nobody@example.test')).toHaveLength(0);
  });

  it('rejects a forged or expired confirmation link with INVALID_TOKEN', async () => {
    const forged = await get('/api/auth/verify-email?token=not-a-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('INVALID_TOKEN');

    const email = newEmail();
    await signUp(email);
    const link = smtp.to(email).at(-1)!.link!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });
    try {
      const expired = await get(linkPath(link).replace(/&callbackURL=[^&]*/, ''));
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('INVALID_TOKEN');
      // With a callback URL (how the web app opens it) the error goes to the page instead.
      const redirected = await get(linkPath(link));
      expect(redirected.statusCode).toBe(302);
      expect(redirected.headers.location).toBe('/?lang=en&error=TOKEN_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
    const [row] = await ctx.db.select().from(userTable).where(eq(userTable.email, email));
    expect(row!.emailVerified).toBe(false);
  });
});

describe('password reset by e-mail', () => {
  it('sends a link; the new password works, the old one and every old session stop working; the link works once', async () => {
    const email = newEmail();
    await signUp(email);
    await confirm(email);
    const oldSession = sessionCookie((await signIn(email)).headers['set-cookie'])!.pair;

    const request = await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(request.statusCode, request.body).toBe(200);
    await ctx.app.jobs.runDue(); // the reset e-mail is sent by a job
    const mail = smtp.to(email).at(-1)!;
    expect(mail.subject).toBe('Reset your Flowbay password');
    expect(mail.link).toMatch(/\/api\/auth\/reset-password\/[^?]+\?callbackURL=/);

    // The link checks the token and hands it to the web app's reset page.
    const opened = await get(linkPath(mail.link!));
    expect(opened.statusCode).toBe(302);
    const location = new URL(opened.headers.location as string, 'http://localhost:3000');
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const tooShort = await post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.code).toBe('PASSWORD_TOO_SHORT');

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a brand new secret' });
    expect(reset.statusCode, reset.body).toBe(200);

    const reused = await post('/api/auth/reset-password', { token, newPassword: 'yet another secret' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_TOKEN');

    expect((await get('/api/profile/me', { cookie: oldSession })).statusCode).toBe(401);
    const withOld = await signIn(email);
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json().error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect((await signIn(email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const unknown = await post('/api/auth/request-password-reset', {
      email: 'ghost@example.test',
      redirectTo: '/reset-password',
    });
    expect(unknown.statusCode).toBe(200);
    const known = newEmail();
    await signUp(known);
    const answer = await post('/api/auth/request-password-reset', {
      email: known,
      redirectTo: '/reset-password',
    });
    expect(answer.json()).toEqual(unknown.json());
    await ctx.app.jobs.runDue();
    expect(smtp.to('ghost@example.test')).toHaveLength(0);
  });

  it('writes the reset e-mail in the account language', async () => {
    const email = newEmail();
    await signUp(email, { locale: 'vi' });
    await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    await ctx.app.jobs.runDue(); // the reset e-mail is sent by a job
    const mail = smtp.to(email).at(-1)!;
    expect(mail.subject).toBe('Đặt lại mật khẩu Flowbay');
  });

  it('rejects a made-up reset token', async () => {
    const response = await post('/api/auth/reset-password', {
      token: 'made-up',
      newPassword: 'a brand new secret',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_TOKEN');
  });
});

describe('bad input gets a clear 4xx with a stable code', () => {
  it.each([
    ['malformed e-mail', { email: 'not-an-email', password: PASSWORD }, 400, 'INVALID_EMAIL'],
    ['missing password', { email: 'a@example.test' }, 400, 'VALIDATION_FAILED'],
    ['missing e-mail', { password: PASSWORD }, 400, 'VALIDATION_FAILED'],
    ['password of 7 characters', { email: 'b@example.test', password: '1234567' }, 400, 'PASSWORD_TOO_SHORT'],
    [
      'password of 129 characters',
      { email: 'c@example.test', password: 'x'.repeat(129) },
      400,
      'PASSWORD_TOO_LONG',
    ],
  ])('sign-up with %s', async (_label, payload, status, code) => {
    const response = await post('/api/auth/sign-up/email', payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(typeof response.json().error.message).toBe('string');
  });

  it('lets 8 characters through the length check (strength decides) and accepts 128 characters', async () => {
    const eight = await post('/api/auth/sign-up/email', { email: newEmail(), password: 'kJ8%wX3m' });
    expect(eight.json().error.code).toBe('PASSWORD_TOO_WEAK');
    const longest = 'Correct horse battery staple 42 '.repeat(4);
    expect(longest).toHaveLength(128);
    const response = await post('/api/auth/sign-up/email', { email: newEmail(), password: longest });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const email = newEmail();
    await signUp(email);
    await confirm(email);
    const wrong = await signIn(email, 'not the password');
    const unknown = await signIn('nobody-here@example.test', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
      remoteAddress: uniqueAddress(),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers an unknown auth path with 404', async () => {
    const response = await get('/api/auth/no-such-endpoint');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('sign-in methods', () => {
  it('lists e-mail and password, and no Google when it is not configured', async () => {
    const response = await get('/api/auth/providers');
    expect(response.json()).toEqual({ emailPassword: true, google: false });
  });
});
