import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ownedRows } from '../../db/owned-rows.ts';
import { n8nConnections } from '../../db/schema.ts';

export type N8nConnectionRow = typeof n8nConnections.$inferSelect;

/** Saved n8n connections; every read and write names the owner, so no one reaches another's. */
export function createConnectionsRepository(db: Database) {
  const owned = ownedRows(db, n8nConnections);
  return {
    async list(userId: string): Promise<N8nConnectionRow[]> {
      return db
        .select()
        .from(n8nConnections)
        .where(eq(n8nConnections.userId, userId))
        .orderBy(asc(n8nConnections.createdAt), asc(n8nConnections.id));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(n8nConnections)
        .where(eq(n8nConnections.userId, userId));
      return Number(row?.n ?? 0);
    },

    async insert(row: {
      userId: string;
      name: string;
      baseUrl: string;
      apiKeySealed: string;
      keyHint: string;
    }): Promise<string> {
      const [created] = await db.insert(n8nConnections).values(row).returning({ id: n8nConnections.id });
      return created!.id;
    },

    find: owned.find,

    remove: owned.remove,

    async used(id: string, at: Date): Promise<void> {
      await db.update(n8nConnections).set({ lastUsedAt: at }).where(eq(n8nConnections.id, id));
    },

    async reseal(id: string, apiKeySealed: string): Promise<void> {
      await db.update(n8nConnections).set({ apiKeySealed }).where(eq(n8nConnections.id, id));
    },

    async allSealed(): Promise<Array<{ id: string; apiKeySealed: string }>> {
      return db
        .select({ id: n8nConnections.id, apiKeySealed: n8nConnections.apiKeySealed })
        .from(n8nConnections);
    },
  };
}

export type ConnectionsRepository = ReturnType<typeof createConnectionsRepository>;
