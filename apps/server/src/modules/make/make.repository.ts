import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ownedRows } from '../../db/owned-rows.ts';
import { makeConnections } from '../../db/schema.ts';

export type MakeConnectionRow = typeof makeConnections.$inferSelect;
export type NewMakeConnection = Omit<typeof makeConnections.$inferInsert, 'id' | 'createdAt'>;

/** A user's saved Make connections; every read and delete is by owner and id together. */
export function createMakeRepository(db: Database) {
  const owned = ownedRows(db, makeConnections);
  return {
    /** Saves the connection unless its owner already has `limit` of them (null then). */
    async insertWithinLimit(input: NewMakeConnection, limit: number): Promise<{ id: string } | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('make_connections'), hashtext(${input.userId}))`,
        );
        const [saved] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(makeConnections)
          .where(eq(makeConnections.userId, input.userId));
        if (Number(saved?.count ?? 0) >= limit) return null;
        const [row] = await tx.insert(makeConnections).values(input).returning({ id: makeConnections.id });
        return row!;
      });
    },

    async listOf(userId: string): Promise<MakeConnectionRow[]> {
      return db
        .select()
        .from(makeConnections)
        .where(eq(makeConnections.userId, userId))
        .orderBy(desc(makeConnections.createdAt), desc(makeConnections.id));
    },

    findOwn: owned.find,

    async reseal(id: string, tokenSealed: string): Promise<void> {
      await db.update(makeConnections).set({ tokenSealed }).where(eq(makeConnections.id, id));
    },
    deleteOwn: owned.remove,
  };
}

export type MakeRepository = ReturnType<typeof createMakeRepository>;
