import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { favorites, user, workflows } from '../../db/schema.ts';

export function createProfilesRepository(db: Database) {
  return {
    /** Public fields only: never the e-mail. A deleted account has no profile. */
    async findPublic(id: string) {
      const [row] = await db
        .select({
          id: user.id,
          name: user.name,
          displayName: user.displayName,
          image: user.image,
          bio: user.bio,
          links: user.links,
          createdAt: user.createdAt,
          totalFavorites: sql<number>`(select count(*)::int from ${favorites} f join ${workflows} w on w.id = f.workflow_id where w.user_id = ${id} and w.status = 'listed' and w.deleted_at is null)`,
          workflowCount: sql<number>`(select count(*)::int from ${workflows} w where w.user_id = ${id} and w.status = 'listed' and w.deleted_at is null)`,
          totalNodes: sql<number>`(select coalesce(sum((w.node_summary->>'nodeCount')::int), 0)::int from ${workflows} w where w.user_id = ${id} and w.status = 'listed' and w.deleted_at is null)`,
        })
        .from(user)
        .where(and(eq(user.id, id), isNull(user.deletedAt)))
        .limit(1);
      return row ?? null;
    },
  };
}
