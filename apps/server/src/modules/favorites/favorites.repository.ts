import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { favorites, workflows } from '../../db/schema.ts';

type Rows<T> = { rows: T[] };

/**
 * The favourite row and the card counter change in one statement each way, so concurrent
 * requests can neither count a favourite twice nor drop the counter below the real number.
 */
export function createFavoritesRepository(db: Database) {
  return {
    async add(userId: string, workflowId: string): Promise<number | null> {
      const result = (await db.execute(sql`
        with inserted as (
          insert into ${favorites} (user_id, workflow_id) values (${userId}, ${workflowId})
          on conflict do nothing
          returning 1
        )
        update ${workflows} set favorites_count = favorites_count + 1
        where id = ${workflowId} and exists (select 1 from inserted)
        returning favorites_count`)) as unknown as Rows<{ favorites_count: number }>;
      return result.rows[0] ? Number(result.rows[0].favorites_count) : null;
    },

    async remove(userId: string, workflowId: string): Promise<number | null> {
      const result = (await db.execute(sql`
        with deleted as (
          delete from ${favorites} where user_id = ${userId} and workflow_id = ${workflowId}
          returning 1
        )
        update ${workflows} set favorites_count = greatest(favorites_count - 1, 0)
        where id = ${workflowId} and exists (select 1 from deleted)
        returning favorites_count`)) as unknown as Rows<{ favorites_count: number }>;
      return result.rows[0] ? Number(result.rows[0].favorites_count) : null;
    },

    async has(userId: string, workflowId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.workflowId, workflowId)))
        .limit(1);
      return Boolean(row);
    },

    async count(workflowId: string): Promise<number> {
      const [row] = await db
        .select({ count: workflows.favoritesCount })
        .from(workflows)
        .where(eq(workflows.id, workflowId));
      return Number(row?.count ?? 0);
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
