import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signUpAndVerify, TEST_PASSWORD, uniqueAddress, type TestSession } from '../../test/auth.ts';
import { DEVICE_COOKIE, KNOWN_DEVICE_LIMIT } from './sign-in-throttle.ts';
import { FREE_ATTEMPTS, MAX_DELAY_MS } from './sign-in-throttle.repository.ts';

let ctx: TestContext;
// Starts now and only moves forward: the rate_limit table's occasional clean-up uses the real time.
let clock = Date.now();
beforeAll(async () => {
  ctx = await createTestApp({ app: { clock: () => new Date(clock) } });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  // Each test starts a day later, so no account carries a count from another test.
  clock += 2 * 24 * 60 * 60 * 1000;
});

type Encoding = 'json' | 'form' | 'bom';

/** One sign-in attempt from a fresh address (so only the per-account throttle is in play). */
function signInAttempt(email: string, password: string, encoding: Encoding = 'json', cookie?: string) {
  const payload =
    encoding === 'form'
      ? new URLSearchParams({ email, password }).toString()
      : `${encoding === 'bom' ? '\uFEFF' : ''}${JSON.stringify({ email, password })}`;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: uniqueAddress(),
    headers: {
      'content-type': encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
      // A browser sends the site's Origin with its cookies.
      ...(cookie ? { cookie, origin: new URL(ctx.env.PUBLIC_URL).origin } : {}),
    },
    payload,
  });
}

function deviceCookieOf(response: Awaited<ReturnType<typeof signInAttempt>>): string {
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  const device = cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  if (!device) throw new Error('no device cookie');
  return device.split(';')[0]!;
}

async function wrongGuesses(email: string, count: number, encoding: Encoding = 'json') {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1)
    statuses.push((await signInAttempt(email, `wrong guess ${i}`, encoding)).statusCode);
  return statuses;
}

describe('sign-in throttling per account', () => {
  let owner: TestSession;
  beforeAll(async () => {
    owner = await signUpAndVerify(ctx);
  });

  for (const encoding of ['form', 'bom'] as const) {
    it(`counts ${encoding === 'form' ? 'form-encoded' : 'BOM-prefixed JSON'} guesses: 30 wrong ones, then the right password waits too`, async () => {
      const statuses = await wrongGuesses(owner.user.email.toUpperCase(), 30, encoding);
      expect(statuses.slice(0, FREE_ATTEMPTS)).toEqual(Array(FREE_ATTEMPTS).fill(401));
      expect(new Set(statuses.slice(FREE_ATTEMPTS))).toEqual(new Set([429]));
      const right = await signInAttempt(owner.user.email, TEST_PASSWORD, encoding);
      expect(right.statusCode, right.body).toBe(429);
      expect(right.json().error.code).toBe('RATE_LIMITED');
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    });
  }

  it('reads a form-encoded sign-in like Better Auth: the right password signs in', async () => {
    const response = await signInAttempt(owner.user.email, TEST_PASSWORD, 'form');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-auth-token']).toBeTruthy();
  });

  it('refuses a body it cannot read instead of passing it on uncounted', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: uniqueAddress(),
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${owner.user.email}","password":"x"`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('makes each attempt after a few wrong ones wait longer, doubling up to 15 minutes', async () => {
    const email = owner.user.email;
    expect(await wrongGuesses(email, FREE_ATTEMPTS)).toEqual(Array(FREE_ATTEMPTS).fill(401));
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const early = await signInAttempt(email, 'wrong again');
      expect(early.statusCode).toBe(429);
      const wait = Number(early.headers['retry-after']);
      waits.push(wait);
      clock += wait * 1000;
      expect((await signInAttempt(email, 'wrong again')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(Math.max(...waits) * 1000).toBe(MAX_DELAY_MS);
    // Once the wait is over, the right password signs in and the count starts over.
    clock += MAX_DELAY_MS;
    expect((await signInAttempt(email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await wrongGuesses(email, FREE_ATTEMPTS)).toEqual(Array(FREE_ATTEMPTS).fill(401));
  });

  it('lets concurrent guesses through only one at a time once the account waits', async () => {
    const email = owner.user.email;
    await wrongGuesses(email, FREE_ATTEMPTS);
    clock += 1000;
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInAttempt(email, `parallel guess ${i}`)),
    );
    expect(burst.filter((response) => response.statusCode === 401)).toHaveLength(1);
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(9);
  });
});

describe("a stranger's failures do not lock out the owner's known browser", () => {
  it('an admin who signed in before still signs in from the same browser after 50 wrong guesses by others', async () => {
    const admin = await signUpAndVerify(ctx, { admin: true });
    const first = await signInAttempt(admin.user.email, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);

    const statuses = await wrongGuesses(admin.user.email, 50);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_ATTEMPTS);

    // A new browser (the stranger's, or the owner's new phone) waits…
    expect((await signInAttempt(admin.user.email, TEST_PASSWORD)).statusCode).toBe(429);
    // …the owner's known browser does not, and the session is an admin's.
    const owner = await signInAttempt(admin.user.email, TEST_PASSWORD, 'json', device);
    expect(owner.statusCode, owner.body).toBe(200);
    const token = owner.headers['set-auth-token'] as string;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().role).toBe('admin');
    // The owner's success from the known browser does not hand the stranger fresh guesses.
    expect((await signInAttempt(admin.user.email, 'stranger again')).statusCode).toBe(429);
  });

  it('a browser known to one account gets no pass for another, and a forged device cookie none at all', async () => {
    const alice = await signUpAndVerify(ctx);
    const bob = await signUpAndVerify(ctx);
    const aliceDevice = deviceCookieOf(await signInAttempt(alice.user.email, TEST_PASSWORD));
    await wrongGuesses(bob.user.email, FREE_ATTEMPTS + 1);
    expect((await signInAttempt(bob.user.email, TEST_PASSWORD, 'json', aliceDevice)).statusCode).toBe(429);
    const forged = `${DEVICE_COOKIE}=${aliceDevice.split('=')[1]!.split('.')[0]}.AAAA`;
    expect((await signInAttempt(bob.user.email, TEST_PASSWORD, 'json', forged)).statusCode).toBe(429);
  });

  it('a known browser has a guessing limit of its own', async () => {
    const member = await signUpAndVerify(ctx);
    const device = deviceCookieOf(await signInAttempt(member.user.email, TEST_PASSWORD));
    for (let i = 0; i < KNOWN_DEVICE_LIMIT.max; i += 1) {
      expect((await signInAttempt(member.user.email, `typo ${i}`, 'json', device)).statusCode).toBe(401);
    }
    expect((await signInAttempt(member.user.email, TEST_PASSWORD, 'json', device)).statusCode).toBe(429);
  });
});
