import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { user, workflowReviews, workflows } from '../../db/schema.ts';

/** One sitemap file holds 50,000 addresses; keep room for the static pages and profiles. */
export const SITEMAP_WORKFLOWS_MAX = 40_000;
export const SITEMAP_PROFILES_MAX = 9_000;

export function createWebRepository(db: Database) {
  const listed = and(eq(workflows.status, 'listed'), isNull(workflows.deletedAt));
  return {
    listedWorkflows() {
      return db
        .select({ id: workflows.id, slug: workflows.slug, updatedAt: workflows.updatedAt })
        .from(workflows)
        .where(listed)
        .orderBy(desc(workflows.updatedAt))
        .limit(SITEMAP_WORKFLOWS_MAX);
    },
    /** Authors with at least one listed workflow: the profiles worth crawling. */
    authorsWithListedWorkflows() {
      return db
        .select({
          id: workflows.userId,
          updatedAt: sql<string>`max(${workflows.updatedAt})`.mapWith((value) => new Date(value)),
        })
        .from(workflows)
        .where(listed)
        .groupBy(workflows.userId)
        .orderBy(desc(sql`max(${workflows.updatedAt})`))
        .limit(SITEMAP_PROFILES_MAX);
    },
    /** The newest visible reviews of a workflow, for the detail page's structured data. */
    latestReviews(workflowId: string, limit: number) {
      return db
        .select({
          rating: workflowReviews.rating,
          body: workflowReviews.body,
          createdAt: workflowReviews.createdAt,
          name: sql<string | null>`coalesce(nullif(${user.displayName}, ''), nullif(${user.name}, ''))`,
        })
        .from(workflowReviews)
        .innerJoin(user, eq(user.id, workflowReviews.userId))
        .where(and(eq(workflowReviews.workflowId, workflowId), isNull(workflowReviews.hiddenAt)))
        .orderBy(desc(workflowReviews.createdAt), desc(workflowReviews.id))
        .limit(limit);
    },
    async profileHead(id: string) {
      const [row] = await db
        .select({
          name: user.name,
          displayName: user.displayName,
          image: user.image,
          workflowCount: sql<number>`(select count(*)::int from ${workflows} w where w.user_id = ${id} and w.status = 'listed' and w.deleted_at is null)`,
        })
        .from(user)
        .where(and(eq(user.id, id), isNull(user.deletedAt)))
        .limit(1);
      return row ?? null;
    },
  };
}
