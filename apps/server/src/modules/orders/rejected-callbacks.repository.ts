import { desc, lt, sql } from 'drizzle-orm';
import type { PaymentProviderId } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { rejectedCallbacks } from '../../db/schema.ts';

export type RejectedCallbackRow = typeof rejectedCallbacks.$inferSelect;

export interface RejectedCallback {
  provider: PaymentProviderId;
  kind: 'ipn' | 'return' | 'webhook';
  address: string;
  sample: Record<string, unknown>;
  at: Date;
}

const HOUR = 60 * 60 * 1000;

/** Callbacks that failed verification: one counter row per provider, kind, address and hour. */
export function createRejectedCallbacksRepository(db: Database) {
  return {
    async record(callback: RejectedCallback) {
      const hour = new Date(Math.floor(callback.at.getTime() / HOUR) * HOUR);
      await db
        .insert(rejectedCallbacks)
        .values({
          provider: callback.provider,
          kind: callback.kind,
          address: callback.address,
          hour,
          count: 1,
          firstAt: callback.at,
          lastAt: callback.at,
          lastSample: callback.sample,
        })
        .onConflictDoUpdate({
          target: [
            rejectedCallbacks.provider,
            rejectedCallbacks.kind,
            rejectedCallbacks.address,
            rejectedCallbacks.hour,
          ],
          set: {
            count: sql`${rejectedCallbacks.count} + 1`,
            lastAt: callback.at,
            lastSample: callback.sample,
          },
        });
    },

    /** Drops the counters of hours before `before`; answers how many rows went. */
    async pruneBefore(before: Date): Promise<number> {
      const removed = await db
        .delete(rejectedCallbacks)
        .where(lt(rejectedCallbacks.hour, before))
        .returning({ id: rejectedCallbacks.id });
      return removed.length;
    },

    async list(limit: number): Promise<RejectedCallbackRow[]> {
      return db.select().from(rejectedCallbacks).orderBy(desc(rejectedCallbacks.lastAt)).limit(limit);
    },
  };
}

export type RejectedCallbacksRepository = ReturnType<typeof createRejectedCallbacksRepository>;
