import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.ts';

// Runs when TEST_REDIS_URL names a Redis (CI sets it), like TEST_DATABASE_URL for PostgreSQL.
const REDIS_URL = process.env.TEST_REDIS_URL;
let ctx: TestContext;
let redis: Redis | undefined;
let redisUp = false;

beforeAll(async () => {
  if (!REDIS_URL) return;
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redisUp = await redis.connect().then(
    () => true,
    () => false,
  );
  if (redisUp) ctx = await createTestApp({ env: { REDIS_URL } });
});
afterAll(async () => {
  await ctx?.close();
  redis?.disconnect();
});

const send = (ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: ip,
    payload: {
      full_name: 'Load Test',
      email: 'load@example.test',
      subject: 'Rate limit',
      message: 'Checking the shared limit.',
    },
  });

describe.skipIf(!REDIS_URL)('rate limits with REDIS_URL (skipped without TEST_REDIS_URL)', () => {
  it('keeps per-route counters in Redis, so every instance shares them', async () => {
    expect(redisUp, `TEST_REDIS_URL is set but Redis at ${REDIS_URL} does not answer`).toBe(true);
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await send(ip)).statusCode);
    expect(statuses.slice(0, 5).every((status) => status < 400)).toBe(true);
    const limited = await send(ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    const keys = await redis!.keys('flowbay-rl:*');
    expect(keys.some((key) => key.includes(ip))).toBe(true);
  });
});
