import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BetterAuthRateLimitStorage } from 'better-auth';
import { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';

export interface RateRule {
  /** seconds */
  window: number;
  max: number;
}

export interface RateDecision {
  allowed: boolean;
  /** seconds until the window frees up; null when allowed */
  retryAfter: number | null;
}

/**
 * Counts one request against `key` in a fixed window that starts with the first request, in one atomic
 * statement on the rate_limit table, so concurrent requests and several server processes share the count.
 */
export async function consumeInDatabase(db: Database, key: string, rule: RateRule): Promise<RateDecision> {
  const now = Date.now();
  // Now and then, drop counters idle for a day (longer than any window), so the table stays small.
  if (Math.random() < 0.01)
    await db.execute(sql`delete from rate_limit where last_request < ${now - 86_400_000}`);
  const windowStart = now - rule.window * 1000;
  const result = await db.execute(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request <= ${windowStart} then ${now} else rate_limit.last_request end
    returning count, last_request`);
  const row = (result as unknown as { rows: { count: number | string; last_request: number | string }[] })
    .rows[0];
  const count = Number(row?.count ?? 1);
  if (count <= rule.max) return { allowed: true, retryAfter: null };
  const startedAt = Number(row?.last_request ?? now);
  return {
    allowed: false,
    retryAfter: Math.max(1, Math.ceil((startedAt + rule.window * 1000 - now) / 1000)),
  };
}

/** The same contract on Redis (INCR, with the window as the key's time to live). */
export function createRedisConsumer(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  return {
    async consume(key: string, rule: RateRule): Promise<RateDecision> {
      const redisKey = `flowbay:rate:${key}`;
      // One round trip, and the window starts with the first request even if a process dies mid-way.
      const [[, counted] = []] =
        (await redis.multi().incr(redisKey).expire(redisKey, rule.window, 'NX').exec()) ?? [];
      const count = Number(counted);
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      const ttl = await redis.ttl(redisKey);
      return { allowed: false, retryAfter: ttl > 0 ? ttl : rule.window };
    },
    close: () => redis.quit().then(() => undefined),
  };
}

export type RateConsumer = (key: string, rule: RateRule) => Promise<RateDecision>;

export function createRateConsumer(
  db: Database,
  redisUrl: string | undefined,
): { consume: RateConsumer; close(): Promise<void> } {
  if (redisUrl) return createRedisConsumer(redisUrl);
  return { consume: (key, rule) => consumeInDatabase(db, key, rule), close: async () => undefined };
}

export function asBetterAuthStorage(consume: RateConsumer): BetterAuthRateLimitStorage {
  return { consume: (key, rule) => consume(`ip:${key}`, rule) };
}
