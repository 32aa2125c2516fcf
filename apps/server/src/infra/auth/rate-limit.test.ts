import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisConsumer } from './rate-limit.ts';

// Runs when TEST_REDIS_URL names a Redis (CI sets it), like TEST_DATABASE_URL for PostgreSQL.
const REDIS_URL = process.env.TEST_REDIS_URL;
const consumer = REDIS_URL ? createRedisConsumer(REDIS_URL) : undefined;
afterAll(() => consumer?.close());

describe.skipIf(!consumer)('rate limits on Redis (skipped without TEST_REDIS_URL)', () => {
  it('allows max requests in the window, then refuses with the seconds left', async () => {
    const key = `test:${randomUUID()}`;
    const rule = { window: 60, max: 3 };
    const decisions = [];
    for (let attempt = 0; attempt < 5; attempt += 1) decisions.push(await consumer!.consume(key, rule));
    expect(decisions.slice(0, 3).every((decision) => decision.allowed)).toBe(true);
    expect(decisions[3]).toMatchObject({ allowed: false });
    expect(decisions[4]!.retryAfter).toBeGreaterThan(0);
    expect(decisions[4]!.retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts concurrent requests exactly once each', async () => {
    const key = `test:${randomUUID()}`;
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () => consumer!.consume(key, { window: 60, max: 10 })),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  });

  it('keeps separate keys apart', async () => {
    const rule = { window: 60, max: 1 };
    expect((await consumer!.consume(`test:${randomUUID()}`, rule)).allowed).toBe(true);
    expect((await consumer!.consume(`test:${randomUUID()}`, rule)).allowed).toBe(true);
  });
});
