import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { makeConnections } from '../../db/schema.ts';

export type MakeConnectionRow = typeof makeConnections.$inferSelect;
export type NewMakeConnection = Omit<typeof makeConnections.$inferInsert, 'id' | 'createdAt'>;

/** A user's saved Make connections; every read and delete is by owner and id together. */
export function createMakeRepository(db: Database) {
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

    async findOwn(userId: string, id: string): Promise<MakeConnectionRow | null> {
      const [row] = await db
        .select()
        .from(makeConnections)
        .where(and(eq(makeConnections.userId, userId), eq(makeConnections.id, id)));
      return row ?? null;
    },

    async reseal(id: string, tokenSealed: string): Promise<void> {
      await db.update(makeConnections).set({ tokenSealed }).where(eq(makeConnections.id, id));
    },

    async deleteOwn(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(makeConnections)
        .where(and(eq(makeConnections.userId, userId), eq(makeConnections.id, id)))
        .returning({ id: makeConnections.id });
      return deleted.length > 0;
    },
  };
}

export type MakeRepository = ReturnType<typeof createMakeRepository>;
