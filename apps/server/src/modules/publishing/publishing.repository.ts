import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NodeSummary } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import {
  categories,
  purchases,
  reviewDecisions,
  subcategories,
  workflowCategories,
  workflowEdits,
  workflowSubcategories,
  workflowVersions,
  workflows,
} from '../../db/schema.ts';
import { buildSearchDocument } from '../catalog/search-document.ts';

/** A pending change to a listed workflow, in the workflows row's own terms. */
export interface EditChanges {
  title?: string;
  description?: string;
  price?: number;
  coverKey?: string | null;
  coverThumbKey?: string | null;
  testedWith?: string | null;
  categoryIds?: string[];
  subcategoryIds?: string[];
}

export type ManagedRow = Awaited<
  ReturnType<ReturnType<typeof createPublishingRepository>['findManaged']>
> & {};

export { pgErrorOf } from '../../lib/pg-error.ts';

export function createPublishingRepository(db: Database) {
  return {
    async findManaged(id: string, executor: Database = db) {
      const [row] = await executor
        .select({
          id: workflows.id,
          userId: workflows.userId,
          slug: workflows.slug,
          title: workflows.title,
          description: workflows.description,
          price: workflows.price,
          coverKey: workflows.coverKey,
          coverThumbKey: workflows.coverThumbKey,
          testedWith: workflows.testedWith,
          status: workflows.status,
          currentVersionId: workflows.currentVersionId,
          nodeSummary: workflows.nodeSummary,
          deletedAt: workflows.deletedAt,
        })
        .from(workflows)
        .where(eq(workflows.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Row lock: reviews, edits and new versions of one workflow happen one at a time. */
    async lock(tx: Database, id: string) {
      await tx.execute(sql`select 1 from ${workflows} where ${workflows.id} = ${id} for update`);
    },

    async taxonomyIds(tx: Database, workflowId: string) {
      const [cats, subs] = await Promise.all([
        tx
          .select({ id: workflowCategories.categoryId })
          .from(workflowCategories)
          .where(eq(workflowCategories.workflowId, workflowId)),
        tx
          .select({ id: workflowSubcategories.subcategoryId })
          .from(workflowSubcategories)
          .where(eq(workflowSubcategories.workflowId, workflowId)),
      ]);
      return { categoryIds: cats.map((row) => row.id), subcategoryIds: subs.map((row) => row.id) };
    },

    /** Replaces a workflow's platform and use-case links; unknown ids fail on their foreign keys. */
    async replaceTaxonomy(
      tx: Database,
      workflowId: string,
      change: { categoryIds?: string[]; subcategoryIds?: string[] },
    ) {
      if (change.categoryIds) {
        await tx.delete(workflowCategories).where(eq(workflowCategories.workflowId, workflowId));
        await tx
          .insert(workflowCategories)
          .values([...new Set(change.categoryIds)].map((categoryId) => ({ workflowId, categoryId })));
      }
      if (change.subcategoryIds) {
        await tx.delete(workflowSubcategories).where(eq(workflowSubcategories.workflowId, workflowId));
        await tx
          .insert(workflowSubcategories)
          .values(
            [...new Set(change.subcategoryIds)].map((subcategoryId) => ({ workflowId, subcategoryId })),
          );
      }
    },

    async addTaxonomy(
      tx: Database,
      workflowId: string,
      change: { categoryIds?: string[]; subcategoryIds?: string[] },
    ) {
      if (change.categoryIds?.length) {
        await tx
          .insert(workflowCategories)
          .values([...new Set(change.categoryIds)].map((categoryId) => ({ workflowId, categoryId })))
          .onConflictDoNothing();
      }
      if (change.subcategoryIds?.length) {
        await tx
          .insert(workflowSubcategories)
          .values([...new Set(change.subcategoryIds)].map((subcategoryId) => ({ workflowId, subcategoryId })))
          .onConflictDoNothing();
      }
    },

    /** Rebuilds the search text from the row as it is now inside the transaction. */
    async refreshSearchDocument(tx: Database, workflowId: string) {
      const [row] = await tx
        .select({
          title: workflows.title,
          description: workflows.description,
          summary: workflows.nodeSummary,
        })
        .from(workflows)
        .where(eq(workflows.id, workflowId));
      if (!row) return;
      const [cats, subs] = await Promise.all([
        tx
          .select({ name: categories.name, nameVi: categories.nameVi })
          .from(workflowCategories)
          .innerJoin(categories, eq(categories.id, workflowCategories.categoryId))
          .where(eq(workflowCategories.workflowId, workflowId)),
        tx
          .select({ name: subcategories.name, nameVi: subcategories.nameVi })
          .from(workflowSubcategories)
          .innerJoin(subcategories, eq(subcategories.id, workflowSubcategories.subcategoryId))
          .where(eq(workflowSubcategories.workflowId, workflowId)),
      ]);
      const searchDocument = buildSearchDocument({
        title: row.title,
        description: row.description,
        summary: row.summary as NodeSummary | null,
        taxonomy: [...cats, ...subs],
      });
      await tx.update(workflows).set({ searchDocument }).where(eq(workflows.id, workflowId));
    },

    async pendingEdit(tx: Database, workflowId: string) {
      const [row] = await tx
        .select()
        .from(workflowEdits)
        .where(and(eq(workflowEdits.workflowId, workflowId), eq(workflowEdits.reviewStatus, 'pending')))
        .orderBy(desc(workflowEdits.createdAt))
        .limit(1);
      return row ?? null;
    },

    async versionExists(tx: Database, workflowId: string, version: string) {
      const [row] = await tx
        .select({ id: workflowVersions.id })
        .from(workflowVersions)
        .where(and(eq(workflowVersions.workflowId, workflowId), eq(workflowVersions.version, version)))
        .limit(1);
      return Boolean(row);
    },

    async countPurchases(workflowId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(purchases)
        .where(and(eq(purchases.workflowId, workflowId), isNull(purchases.revokedAt)));
      return Number(row?.count ?? 0);
    },

    /** Review state of several workflows at once, for the author's own list. */
    async reviewStates(workflowIds: string[]) {
      if (workflowIds.length === 0) return { decisions: [], versions: [], edits: [] };
      const [decisions, versions, edits] = await Promise.all([
        db
          .selectDistinctOn([reviewDecisions.workflowId], {
            workflowId: reviewDecisions.workflowId,
            decision: reviewDecisions.decision,
            reason: reviewDecisions.reason,
            createdAt: reviewDecisions.createdAt,
          })
          .from(reviewDecisions)
          .where(inArray(reviewDecisions.workflowId, workflowIds))
          .orderBy(reviewDecisions.workflowId, desc(reviewDecisions.createdAt), desc(reviewDecisions.id)),
        db
          .select({
            workflowId: workflowVersions.workflowId,
            id: workflowVersions.id,
            version: workflowVersions.version,
            createdAt: workflowVersions.createdAt,
          })
          .from(workflowVersions)
          .where(
            and(
              inArray(workflowVersions.workflowId, workflowIds),
              eq(workflowVersions.reviewStatus, 'pending'),
            ),
          )
          .orderBy(asc(workflowVersions.createdAt)),
        db
          .select({ workflowId: workflowEdits.workflowId, changes: workflowEdits.changes })
          .from(workflowEdits)
          .where(
            and(inArray(workflowEdits.workflowId, workflowIds), eq(workflowEdits.reviewStatus, 'pending')),
          ),
      ]);
      return { decisions, versions, edits };
    },

    /** The platform of the workflow's files (every version has the same one): its newest version's. */
    async filePlatform(tx: Database, workflowId: string): Promise<string | null> {
      const [row] = await tx
        .select({ platform: sql<string | null>`${workflowVersions.summary}->>'platform'` })
        .from(workflowVersions)
        .where(eq(workflowVersions.workflowId, workflowId))
        .orderBy(desc(workflowVersions.createdAt), desc(workflowVersions.id))
        .limit(1);
      return row?.platform ?? null;
    },

    /** Which list names an id that does not exist, if any. */
    async unknownTaxonomy(tx: Database, change: { categoryIds?: string[]; subcategoryIds?: string[] }) {
      const cats = [...new Set(change.categoryIds ?? [])];
      const subs = [...new Set(change.subcategoryIds ?? [])];
      if (cats.length) {
        const found = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(inArray(categories.id, cats));
        if (found.length !== cats.length) return 'categoryIds' as const;
      }
      if (subs.length) {
        const found = await tx
          .select({ id: subcategories.id })
          .from(subcategories)
          .where(inArray(subcategories.id, subs));
        if (found.length !== subs.length) return 'subcategoryIds' as const;
      }
      return null;
    },
  };
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>;
