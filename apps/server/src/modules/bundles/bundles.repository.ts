import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { publicName } from '../../db/fragments.ts';
import { bundleItems, bundles, purchases, user, workflows } from '../../db/schema.ts';

export type BundleRow = typeof bundles.$inferSelect;
export interface BundleItemRow {
  bundleId: string;
  workflowId: string;
  price: number;
  listed: boolean;
}

const bundleColumns = {
  bundle: bundles,
  sellerName: publicName(sql`'Flowbay'`),
};

export function createBundlesRepository(db: Database) {
  return {
    /** A bundle not deleted, by id or slug, with its seller's public name. */
    async find(ref: { id?: string; slug?: string }) {
      const match = ref.id ? eq(bundles.id, ref.id) : eq(bundles.slug, ref.slug ?? '');
      const [row] = await db
        .select(bundleColumns)
        .from(bundles)
        .innerJoin(user, eq(user.id, bundles.sellerId))
        .where(and(match, isNull(bundles.deletedAt)));
      return row ?? null;
    },

    async slugTaken(slug: string): Promise<boolean> {
      const [row] = await db.select({ id: bundles.id }).from(bundles).where(eq(bundles.slug, slug));
      return Boolean(row);
    },

    /** Every item of these bundles in the seller's order, with its list price and whether it is still listed. */
    async itemsOf(bundleIds: string[]): Promise<BundleItemRow[]> {
      if (bundleIds.length === 0) return [];
      const rows = await db
        .select({
          bundleId: bundleItems.bundleId,
          workflowId: bundleItems.workflowId,
          price: workflows.price,
          status: workflows.status,
          deletedAt: workflows.deletedAt,
          ownerMatches: sql<boolean>`${workflows.userId} = ${bundles.sellerId}`,
        })
        .from(bundleItems)
        .innerJoin(workflows, eq(workflows.id, bundleItems.workflowId))
        .innerJoin(bundles, eq(bundles.id, bundleItems.bundleId))
        .where(inArray(bundleItems.bundleId, bundleIds))
        .orderBy(asc(bundleItems.position));
      return rows.map((row) => ({
        bundleId: row.bundleId,
        workflowId: row.workflowId,
        price: row.price,
        listed: row.status === 'listed' && !row.deletedAt && Boolean(row.ownerMatches),
      }));
    },

    /** These workflows as a bundle's rules read them: whose they are, listed or not, their price. */
    async workflowsOf(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: workflows.id,
          userId: workflows.userId,
          status: workflows.status,
          deletedAt: workflows.deletedAt,
          price: workflows.price,
        })
        .from(workflows)
        .where(inArray(workflows.id, ids));
    },

    /** Which of these workflows the user holds an entitlement to that no refund revoked. */
    async ownedAmong(userId: string, workflowIds: string[]): Promise<Set<string>> {
      if (workflowIds.length === 0) return new Set();
      const rows = await db
        .select({ workflowId: purchases.workflowId })
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, userId),
            inArray(purchases.workflowId, workflowIds),
            isNull(purchases.revokedAt),
          ),
        );
      return new Set(rows.map((row) => row.workflowId));
    },

    /** A new bundle with its items, in one transaction. */
    async insert(values: typeof bundles.$inferInsert, workflowIds: string[]): Promise<BundleRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(bundles).values(values).returning();
        await tx
          .insert(bundleItems)
          .values(workflowIds.map((workflowId, position) => ({ bundleId: row!.id, workflowId, position })));
        return row!;
      });
    },

    /** The seller's changes, and the items replaced when given, in one transaction. */
    async update(id: string, values: Partial<typeof bundles.$inferInsert>, workflowIds?: string[]) {
      await db.transaction(async (tx) => {
        await tx.update(bundles).set(values).where(eq(bundles.id, id));
        if (!workflowIds) return;
        await tx.delete(bundleItems).where(eq(bundleItems.bundleId, id));
        await tx
          .insert(bundleItems)
          .values(workflowIds.map((workflowId, position) => ({ bundleId: id, workflowId, position })));
      });
    },

    /** Deleted for everyone; the row stays for the orders that bought it. */
    async softDelete(id: string, now: Date) {
      await db.update(bundles).set({ deletedAt: now, updatedAt: now }).where(eq(bundles.id, id));
    },

    async listOwn(sellerId: string) {
      return db
        .select(bundleColumns)
        .from(bundles)
        .innerJoin(user, eq(user.id, bundles.sellerId))
        .where(and(eq(bundles.sellerId, sellerId), isNull(bundles.deletedAt)))
        .orderBy(desc(bundles.createdAt), desc(bundles.id));
    },

    /**
     * Listed bundles whose title or description holds every word searched (accents and case aside),
     * newest first; `limit` is taken after the caller drops those not for sale, so it reads more.
     */
    async searchListed(search: string | undefined, limit: number) {
      const words = (search ?? '')
        .toLowerCase()
        .split(/\s+/)
        .map((word) => word.replace(/[%_\\]/g, ''))
        .filter(Boolean)
        .slice(0, 8);
      const text = sql`f_unaccent(lower(${bundles.title} || ' ' || ${bundles.description}))`;
      return db
        .select(bundleColumns)
        .from(bundles)
        .innerJoin(user, eq(user.id, bundles.sellerId))
        .where(
          and(
            eq(bundles.status, 'listed'),
            isNull(bundles.deletedAt),
            ...words.map((word) => sql`${text} like '%' || f_unaccent(${word}) || '%'`),
          ),
        )
        .orderBy(desc(bundles.createdAt), desc(bundles.id))
        .limit(limit);
    },
  };
}

export type BundlesRepository = ReturnType<typeof createBundlesRepository>;
