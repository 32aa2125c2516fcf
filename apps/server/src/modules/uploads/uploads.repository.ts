import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { screenshotKeyOf, uploadUnusedByWorkflows } from '../../db/fragments.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export function createUploadsRepository(db: Database) {
  return {
    async insert(row: typeof uploads.$inferInsert): Promise<UploadRow> {
      const [inserted] = await db.insert(uploads).values(row).returning();
      return inserted!;
    },

    async findOwned(key: string, userId: string): Promise<UploadRow | null> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.key, key), eq(uploads.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** Uploads older than the cutoff that no version file and no workflow cover uses. */
    async findOrphans(olderThan: Date, limit: number): Promise<UploadRow[]> {
      return db
        .select()
        .from(uploads)
        .where(
          and(
            lt(uploads.createdAt, olderThan),
            ...uploadUnusedByWorkflows,
            // A pending edit may point at a new cover or screenshots that are not on the workflow row yet.
            sql`not exists (select 1 from workflow_edits e where e.review_status = 'pending' and e.changes->>'coverKey' = ${uploads.key})`,
            sql`not exists (select 1 from workflow_edits e where e.review_status = 'pending' and e.changes->'screenshots' @> ${screenshotKeyOf(uploads.key)})`,
          ),
        )
        .limit(limit);
    },

    async remove(key: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.key, key));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
