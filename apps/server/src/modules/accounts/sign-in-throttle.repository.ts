import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Wrong guesses may make an account wait at most this long between two attempts (ms). */
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** Attempts that cost no wait; from the next one on the wait doubles: 1 s, 2 s, 4 s … up to 15 min. */
export const FREE_ATTEMPTS = 5;
/** A day without attempts forgets the count. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export type ClaimResult = { admitted: true } | { admitted: false; retryAfterMs: number };

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The per-account attempt counter, in the rate_limit table (shared by every server process, with or
 * without Redis). `count` is the number of attempts that were not (yet) shown to be the right
 * password; `last_request` is when the last one was admitted.
 */
export function createSignInThrottleRepository(db: Database) {
  const delay = (count: SQL) =>
    sql`case when ${count} < ${FREE_ATTEMPTS} then 0
             else least(power(2, ${count} - ${FREE_ATTEMPTS}) * 1000, ${MAX_DELAY_MS}) end`;
  return {
    /**
     * Admits one attempt and counts it, in one statement, if the account's wait is over; else
     * tells how long is left. Concurrent attempts cannot all slip through the same opening.
     */
    async claim(key: string, now: number): Promise<ClaimResult> {
      const admitted = await db.execute(sql`
        insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limit.last_request <= ${now - FORGET_AFTER_MS} then 1
                       else rate_limit.count + 1 end,
          last_request = ${now}
        where rate_limit.last_request <= ${now - FORGET_AFTER_MS}
           or rate_limit.last_request + ${delay(sql`rate_limit.count`)} <= ${now}
        returning count`);
      if (rows(admitted).length > 0) return { admitted: true };
      const [state] = rows<{ wait_until: number | string }>(
        await db.execute(
          sql`select last_request + ${delay(sql`count`)} as wait_until from rate_limit where key = ${key}`,
        ),
      );
      return { admitted: false, retryAfterMs: Math.max(1, Number(state?.wait_until ?? now) - now) };
    },
    /** The attempt was not a wrong password after all (right password, unconfirmed e-mail…). */
    async giveBack(key: string): Promise<void> {
      await db.execute(sql`update rate_limit set count = greatest(count - 1, 0) where key = ${key}`);
    },
    /** The right password from a browser that was not known: the count starts over. */
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limit where key = ${key}`);
    },
  };
}

export type SignInThrottleRepository = ReturnType<typeof createSignInThrottleRepository>;
