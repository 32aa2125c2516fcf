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

/**
 * `send(0)` … `send(max - 1)` answer `status`; `send(max)`, one more, is rate-limited within the
 * rule's window (each attempt may use its own e-mail or header values). Answers the limited response.
 */
async function expectLimitAfterMax(
  rule: { max: number; window: number },
  status: number,
  send: (attempt: number) => ReturnType<typeof post>,
) {
  for (let i = 0; i < rule.max; i += 1) {
    const response = await send(i);
    expect(response.statusCode, response.body).toBe(status);
  }
  const blocked = await send(rule.max);
  expectRateLimited(blocked, rule.window);
  return blocked;
}

describe('per-IP limits on the auth paths', () => {
  it(`allows ${IP_RATE_LIMITS['/sign-up/email'].max} sign-ups per IP in the window, then 429 with Retry-After; another IP is unaffected`, async () => {
    const address = '203.0.113.10';
    const blocked = await expectLimitAfterMax(IP_RATE_LIMITS['/sign-up/email'], 200, (i) =>
      post(
        '/api/auth/sign-up/email',
        { email: `ip-signup-${i}@example.test`, password: 'long enough pw' },
        address,
      ),
    );
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
    await expectLimitAfterMax(IP_RATE_LIMITS['/sign-in/email'], 401, (i) =>
      post(
        '/api/auth/sign-in/email',
        { email: `guess-${i}@example.test`, password: 'wrong password' },
        '203.0.113.20',
      ),
    );
  });

  it('limits password-reset requests per IP', async () => {
    await expectLimitAfterMax(IP_RATE_LIMITS['/request-password-reset'], 200, (i) =>
      post('/api/auth/request-password-reset', { email: `reset-${i}@example.test` }, '203.0.113.30'),
    );
  });

  it('does not let a client choose its rate-limit bucket with a forged header', async () => {
    // Every attempt forges other client addresses; the bucket stays the connection's.
    await expectLimitAfterMax(IP_RATE_LIMITS['/send-verification-email'], 200, (i) =>
      post('/api/auth/send-verification-email', { email: `resend-${i}@example.test` }, '203.0.113.40', {
        'x-flowbay-client-ip': `10.0.0.${i}`,
        'x-forwarded-for': `10.0.1.${i}`,
      }),
    );
  });
});

describe('per-account limits', () => {
  it('limits password-reset e-mails for one account, from any IP', async () => {
    const session = await signUpAndVerify(ctx);
    await expectLimitAfterMax(ACCOUNT_RATE_LIMITS['/request-password-reset']!, 200, () =>
      post('/api/auth/request-password-reset', { email: session.user.email }, uniqueAddress()),
    );
  });

  it('limits confirmation resends for one account, from any IP', async () => {
    const email = 'unconfirmed-resend@example.test';
    expect(
      (await post('/api/auth/sign-up/email', { email, password: 'long enough pw' }, uniqueAddress()))
        .statusCode,
    ).toBe(200);
    await expectLimitAfterMax(ACCOUNT_RATE_LIMITS['/send-verification-email']!, 200, () =>
      post('/api/auth/send-verification-email', { email }, uniqueAddress()),
    );
  });
});
