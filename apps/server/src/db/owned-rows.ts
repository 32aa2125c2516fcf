import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { ownRow } from './fragments.ts';

/**
 * Reading and deleting one row of a table whose rows each belong to one user, always by owner and id
 * together, so no one reaches another user's row (a saved connection, say).
 */
export function ownedRows<Table extends PgTable & { id: AnyPgColumn; userId: AnyPgColumn }>(
  db: Database,
  table: Table,
) {
  return {
    async find(userId: string, id: string): Promise<Table['$inferSelect'] | null> {
      const [row] = await db
        .select()
        .from(table as PgTable)
        .where(ownRow(table, userId, id));
      return (row as Table['$inferSelect'] | undefined) ?? null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(table)
        .where(ownRow(table, userId, id))
        .returning({ id: table.id });
      return deleted.length > 0;
    },
  };
}
