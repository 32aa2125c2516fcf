import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_RATE_LIMITS } from '../../infra/auth/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signUpAndVerify, uniqueAddress } from '../../test/auth.ts';
import { ACCOUNT_RATE_LIMITS } from './account-rate-limit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

function post(url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
}

function expectRateLimited(response: Awaited<ReturnType<typeof post>>, windowSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error.code).toBe('RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('per-IP limits on the auth paths', () => {
  it(`allows ${IP_RATE_LIMITS['/sign-up/email'].max} sign-ups per IP in the window, then 429 with Retry-After; another IP is unaffected`, async () => {
    const rule = IP_RATE_LIMITS['/sign-up/email'];
    const address = '203.0.113.10';
    for (let i = 0; i < rule.max; i += 1) {
      const response = await post(
        '/api/auth/sign-up/email',
        { email: `ip-signup-${i}@example.test`, password: 'long enough pw' },
        address,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const blocked = await post(
      '/api/auth/sign-up/email',
      { email: 'ip-signup-x@example.test', password: 'long enough pw' },
      address,
    );
    expectRateLimited(blocked, rule.window);
    expect(blocked.json().error.message).toBe('Too many requests. Please try again later.');
    const vietnamese = await post(
      '/api/auth/sign-up/email',
      { email: 'ip-signup-y@example.test', password: 'long enough pw' },
      address,
      { 'x-language': 'vi' },
    );
    expect(vietnamese.json().error.message).toBe('Quá nhiều yêu cầu. Vui lòng thử lại sau.');
    const elsewhere = await post(
      '/api/auth/sign-up/email',
      { email: 'ip-signup-z@example.test', password: 'long enough pw' },
      '203.0.113.11',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits sign-in attempts per IP across many addresses', async () => {
    const rule = IP_RATE_LIMITS['/sign-in/email'];
    const address = '203.0.113.20';
    for (let i = 0; i < rule.max; i += 1) {
      const response = await post(
        '/api/auth/sign-in/email',
        { email: `guess-${i}@example.test`, password: 'wrong password' },
        address,
      );
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await post(
        '/api/auth/sign-in/email',
        { email: 'guess-x@example.test', password: 'wrong password' },
        address,
      ),
      rule.window,
    );
  });

  it('limits password-reset requests per IP', async () => {
    const rule = IP_RATE_LIMITS['/request-password-reset'];
    const address = '203.0.113.30';
    for (let i = 0; i < rule.max; i += 1) {
      const response = await post(
        '/api/auth/request-password-reset',
        { email: `reset-${i}@example.test` },
        address,
      );
      expect(response.statusCode).toBe(200);
    }
    expectRateLimited(
      await post('/api/auth/request-password-reset', { email: 'reset-x@example.test' }, address),
      rule.window,
    );
  });

  it('does not let a client choose its rate-limit bucket with a forged header', async () => {
    const rule = IP_RATE_LIMITS['/send-verification-email'];
    const address = '203.0.113.40';
    for (let i = 0; i < rule.max; i += 1) {
      const response = await post(
        '/api/auth/send-verification-email',
        { email: `resend-${i}@example.test` },
        address,
        {
          'x-flowbay-client-ip': `10.0.0.${i}`,
          'x-forwarded-for': `10.0.1.${i}`,
        },
      );
      expect(response.statusCode).toBe(200);
    }
    const blocked = await post(
      '/api/auth/send-verification-email',
      { email: 'resend-x@example.test' },
      address,
      {
        'x-flowbay-client-ip': '10.0.0.99',
      },
    );
    expectRateLimited(blocked, rule.window);
  });
});

describe('per-account limits', () => {
  it('limits password-reset e-mails for one account, from any IP', async () => {
    const session = await signUpAndVerify(ctx);
    const rule = ACCOUNT_RATE_LIMITS['/request-password-reset']!;
    for (let i = 0; i < rule.max; i += 1) {
      const response = await post(
        '/api/auth/request-password-reset',
        { email: session.user.email },
        uniqueAddress(),
      );
      expect(response.statusCode).toBe(200);
    }
    expectRateLimited(
      await post('/api/auth/request-password-reset', { email: session.user.email }, uniqueAddress()),
      rule.window,
    );
  });

  it('limits confirmation resends for one account, from any IP', async () => {
    const email = 'unconfirmed-resend@example.test';
    expect(
      (await post('/api/auth/sign-up/email', { email, password: 'long enough pw' }, uniqueAddress()))
        .statusCode,
    ).toBe(200);
    const rule = ACCOUNT_RATE_LIMITS['/send-verification-email']!;
    for (let i = 0; i < rule.max; i += 1) {
      const response = await post('/api/auth/send-verification-email', { email }, uniqueAddress());
      expect(response.statusCode).toBe(200);
    }
    expectRateLimited(
      await post('/api/auth/send-verification-email', { email }, uniqueAddress()),
      rule.window,
    );
  });
});
