import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bundleItems, bundles, user, workflowReviews, workflows } from '../../db/schema.ts';
import { isListed, publicName } from '../../db/fragments.ts';

/** One sitemap file holds 50,000 addresses; keep room for the static pages and profiles. */
export const SITEMAP_WORKFLOWS_MAX = 40_000;
export const SITEMAP_PROFILES_MAX = 9_000;

export function createWebRepository(db: Database) {
  return {
    listedWorkflows() {
      return db
        .select({ id: workflows.id, slug: workflows.slug, updatedAt: workflows.updatedAt })
        .from(workflows)
        .where(isListed)
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
        .where(isListed)
        .groupBy(workflows.userId)
        .orderBy(desc(sql`max(${workflows.updatedAt})`))
        .limit(SITEMAP_PROFILES_MAX);
    },
    /** A listed bundle by slug, for its page's head: title, description, seller, price, item count. */
    async listedBundle(slug: string) {
      const [row] = await db
        .select({
          title: bundles.title,
          description: bundles.description,
          price: bundles.price,
          seller: publicName(sql`'Flowbay'`),
          count:
            sql<number>`(select count(*) from ${bundleItems} where ${bundleItems.bundleId} = ${bundles.id})`.mapWith(
              Number,
            ),
        })
        .from(bundles)
        .innerJoin(user, eq(user.id, bundles.sellerId))
        .where(and(eq(bundles.slug, slug), eq(bundles.status, 'listed'), isNull(bundles.deletedAt)));
      return row ?? null;
    },
    /** The newest visible reviews of a workflow, for the detail page's structured data. */
    latestReviews(workflowId: string, limit: number) {
      return db
        .select({
          rating: workflowReviews.rating,
          body: workflowReviews.body,
          createdAt: workflowReviews.createdAt,
          name: publicName(),
        })
        .from(workflowReviews)
        .innerJoin(user, eq(user.id, workflowReviews.userId))
        .where(and(eq(workflowReviews.workflowId, workflowId), isNull(workflowReviews.hiddenAt)))
        .orderBy(desc(workflowReviews.createdAt), desc(workflowReviews.id))
        .limit(limit);
    },
  };
}
