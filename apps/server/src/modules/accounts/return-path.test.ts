import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { authPost, linkPath, readOutbox, TEST_PASSWORD, uniqueAddress } from '../../test/auth.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const BUY_STEP = '/workflows/slack-digest?licence=agency#buy';
const VERIFY_PAGE = `/verify-email?next=${encodeURIComponent(BUY_STEP)}`;
const newEmail = () => `way-back-${randomUUID().slice(0, 8)}@example.test`;

async function lastLink(email: string, part: string): Promise<string> {
  await ctx.app.jobs.runDue();
  const mail = readOutbox(ctx, email)
    .filter((m) => m.link?.includes(part))
    .at(-1);
  expect(mail?.link, `an e-mail with a ${part} link to ${email}`).toBeTruthy();
  return mail!.link!;
}

async function open(link: string) {
  return ctx.app.inject({ method: 'GET', url: linkPath(link), remoteAddress: uniqueAddress() });
}

describe('the way back through e-mail links', () => {
  it("a Vietnamese buyer's confirmation link lands on the verify page with the Buy step and ?lang=vi", async () => {
    const email = newEmail();
    const signUp = await authPost(ctx, '/sign-up/email', {
      email,
      password: TEST_PASSWORD,
      name: 'Minh',
      locale: 'vi',
      callbackURL: VERIFY_PAGE,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);

    const opened = await open(await lastLink(email, '/verify-email'));
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location!, 'http://localhost:3000');
    expect(landing.pathname).toBe('/verify-email');
    expect(landing.searchParams.get('next')).toBe(BUY_STEP);
    expect(landing.searchParams.get('lang')).toBe('vi');
    // Confirming signs the buyer in on the device that opened the link.
    expect(String(opened.headers['set-cookie'])).toMatch(/session_token=/);
  });

  it('an English recipient gets ?lang=en, so a Vietnamese device still shows the page they can read', async () => {
    const email = newEmail();
    await authPost(ctx, '/sign-up/email', { email, password: TEST_PASSWORD, name: 'Ann', locale: 'en' });
    const opened = await open(await lastLink(email, '/verify-email'));
    expect(opened.headers.location).toBe('/?lang=en');
  });

  it('the reset link keeps the return path and the language, and adds its token', async () => {
    const email = newEmail();
    await authPost(ctx, '/sign-up/email', { email, password: TEST_PASSWORD, name: 'Lan', locale: 'vi' });
    const requested = await authPost(ctx, '/request-password-reset', {
      email,
      redirectTo: `/reset-password?next=${encodeURIComponent(BUY_STEP)}`,
    });
    expect(requested.statusCode).toBe(200);
    const opened = await open(await lastLink(email, '/reset-password/'));
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location!, 'http://localhost:3000');
    expect(landing.pathname).toBe('/reset-password');
    expect(landing.searchParams.get('next')).toBe(BUY_STEP);
    expect(landing.searchParams.get('lang')).toBe('vi');
    expect(landing.searchParams.get('token')).toBeTruthy();
  });
});

describe('an open redirect attempt', () => {
  it.each(['//evil.example/steal', '/\\evil.example', 'https://evil.example/', '/\t/evil.example'])(
    'a sign-up whose confirmation would lead to %j is refused before any e-mail is sent',
    async (callbackURL) => {
      const email = newEmail();
      const answer = await authPost(ctx, '/sign-up/email', {
        email,
        password: TEST_PASSWORD,
        name: 'Mallory',
        callbackURL,
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.code).toBe('FORBIDDEN');
      await ctx.app.jobs.runDue();
      expect(readOutbox(ctx, email)).toEqual([]);
    },
  );

  it('a confirmation link rewritten to lead elsewhere is refused, and so is a social sign-in back to another site', async () => {
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=anything&callbackURL=${encodeURIComponent('//evil.example/')}`,
      remoteAddress: uniqueAddress(),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers.location).toBeUndefined();
    const social = await authPost(ctx, '/sign-in/social', {
      provider: 'google',
      callbackURL: '//evil.example/',
    });
    expect(social.statusCode).toBe(403);
  });
});
