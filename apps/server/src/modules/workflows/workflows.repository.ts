import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  VALIDATION_KEYS,
  slugify,
  type ListingLanguage,
  type ListingTranslation,
  type NodeSummary,
} from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import {
  categories,
  purchases,
  moderationDecisions,
  subcategories,
  workflowCategories,
  workflowEdits,
  workflowSubcategories,
  workflowVersions,
  workflows,
  type ListingFaqItem,
  type ListingScreenshot,
} from '../../db/schema.ts';
import { listingColumns } from '../../db/fragments.ts';
import { AppError } from '../../lib/errors.ts';
import { pgErrorOf } from '../../lib/pg-error.ts';
import { buildSearchDocument } from '../../lib/search-document.ts';

export type { ListingFaqItem, ListingScreenshot } from '../../db/schema.ts';

/** A pending change to a listed workflow, in the workflows row's own terms. */
export interface EditChanges {
  title?: string;
  description?: string;
  /** The listing's original language, and its texts in the other one (null: removed). */
  language?: ListingLanguage;
  translation?: ListingTranslation | null;
  price?: number;
  /** The Commercial and Agency licences (null: not offered). */
  commercialPrice?: number | null;
  agencyPrice?: number | null;
  agencyClients?: number | null;
  coverKey?: string | null;
  coverThumbKey?: string | null;
  testedWith?: string | null;
  zapierShareUrl?: string | null;
  showNotesBeforePurchase?: boolean;
  /** The whole FAQ and the whole screenshot list, in order (each replaces the listed one on approval). */
  faq?: ListingFaqItem[];
  screenshots?: ListingScreenshot[];
  categoryIds?: string[];
  subcategoryIds?: string[];
}

/** A transaction handle: services pass it back to repository methods and never query with it. */
export type Transaction = Database;

export type ManagedRow = Awaited<
  ReturnType<ReturnType<typeof createWorkflowsRepository>['findManaged']>
> & {};

export type NewVersion = Omit<typeof workflowVersions.$inferInsert, 'id' | 'createdAt'>;
export type NewWorkflow = Omit<typeof workflows.$inferInsert, 'id' | 'number' | 'createdAt' | 'updatedAt'>;

type TaxonomyChange = { categoryIds?: string[]; subcategoryIds?: string[] };
type ColumnChanges = Omit<EditChanges, 'categoryIds' | 'subcategoryIds'>;

/** A foreign-key failure on a taxonomy link is the caller naming a platform or use case that does not exist. */
export function unknownTaxonomyError(list: 'categoryIds' | 'subcategoryIds'): AppError {
  return list === 'subcategoryIds'
    ? new AppError('VALIDATION_FAILED', 'Unknown job type', 'subcategory_ids', {
        messageKey: VALIDATION_KEYS.unknownJobType,
      })
    : new AppError('VALIDATION_FAILED', 'Unknown platform', 'category_ids', {
        messageKey: VALIDATION_KEYS.unknownPlatform,
      });
}

function taxonomyError(error: unknown): AppError | null {
  const { code, constraint } = pgErrorOf(error);
  if (code !== '23503') return null;
  return unknownTaxonomyError(constraint?.includes('subcategor') ? 'subcategoryIds' : 'categoryIds');
}

export const versionExistsError = () => new AppError('VERSION_EXISTS', 'Version exists', 'version');

/**
 * The workflow aggregate: a workflow, its versions, its pending edit and its taxonomy links. The
 * only place that writes them; database errors leave it as domain errors (AppError).
 */
/** The versions (oldest first) and edits of these workflows that wait for review. */
export async function pendingChanges(db: Database, workflowIds: string[]) {
  if (workflowIds.length === 0) return { versions: [], edits: [] };
  const pendingOf = <T extends typeof workflowVersions | typeof workflowEdits>(table: T) =>
    and(inArray(table.workflowId, workflowIds), eq(table.moderationStatus, 'pending'));
  const [versions, edits] = await Promise.all([
    db
      .select()
      .from(workflowVersions)
      .where(pendingOf(workflowVersions))
      .orderBy(asc(workflowVersions.createdAt)),
    db.select().from(workflowEdits).where(pendingOf(workflowEdits)),
  ]);
  return { versions, edits };
}

export function createWorkflowsRepository(db: Database) {
  const repository = {
    /** Runs the work in one transaction; a link to an unknown platform or use case is VALIDATION_FAILED. */
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      try {
        return await db.transaction((tx) => work(tx as unknown as Database));
      } catch (error) {
        throw taxonomyError(error) ?? error;
      }
    },

    /** A new workflow with its first version; returns its id. */
    async create(tx: Transaction, workflow: NewWorkflow, firstVersion: Omit<NewVersion, 'workflowId'>) {
      const [row] = await tx.insert(workflows).values(workflow).returning({ id: workflows.id });
      const workflowId = row!.id;
      await tx.insert(workflowVersions).values({ ...firstVersion, workflowId });
      return workflowId;
    },

    /**
     * Versions whose checks are out of date, by id after `afterId`: never safety-checked (stored before
     * the check), or an n8n file whose compatibility was computed with another node catalogue.
     */
    async versionsWithStaleChecks(catalogue: string, afterId: string | null, limit: number) {
      return db
        .select({
          id: workflowVersions.id,
          workflowId: workflowVersions.workflowId,
          fileKey: workflowVersions.fileKey,
          summary: workflowVersions.summary,
          checks: workflowVersions.checks,
          isCurrent: workflowVersions.isCurrent,
        })
        .from(workflowVersions)
        .where(
          and(
            afterId ? sql`${workflowVersions.id} > ${afterId}` : undefined,
            sql`(${workflowVersions.checks}->'safety' is null
              or (${workflowVersions.summary}->>'platform' = 'n8n'
                and (${workflowVersions.checks}->>'catalogue') is distinct from ${catalogue}))`,
          ),
        )
        .orderBy(asc(workflowVersions.id))
        .limit(limit);
    },

    /**
     * Merges recomputed checks into a version's; the listed version's workflow row is touched so the
     * search index and card caches read its new bounds.
     */
    async mergeVersionChecks(
      version: { id: string; workflowId: string; isCurrent: boolean },
      checks: Record<string, unknown>,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(workflowVersions)
          .set({
            checks: sql`coalesce(${workflowVersions.checks}, '{}'::jsonb) || ${JSON.stringify(checks)}::jsonb`,
          })
          .where(eq(workflowVersions.id, version.id));
        if (version.isCurrent) {
          await tx
            .update(workflows)
            .set({ searchChangedAt: sql`clock_timestamp()` })
            .where(and(eq(workflows.id, version.workflowId), eq(workflows.currentVersionId, version.id)));
        }
      });
    },

    /** A version waiting for review; the same version twice (even concurrently) is VERSION_EXISTS. */
    async addVersion(tx: Transaction, version: NewVersion) {
      try {
        const [inserted] = await tx.insert(workflowVersions).values(version).returning();
        return inserted!;
      } catch (error) {
        // Two concurrent requests with the same version: the unique index decides.
        if (pgErrorOf(error).code === '23505') throw versionExistsError();
        throw error;
      }
    },

    /** Changes a never-approved workflow in place (its slug follows its title). */
    async updateInPlace(tx: Transaction, workflowId: string, columns: ColumnChanges) {
      await tx
        .update(workflows)
        .set({
          ...columns,
          ...(columns.title ? { slug: slugify(columns.title) } : {}),
          updatedAt: new Date(),
        })
        .where(eq(workflows.id, workflowId));
    },

    /** Back to the review queue (a rejected first submission its author changed). */
    async resubmit(tx: Transaction, workflowId: string) {
      await tx
        .update(workflows)
        .set({ status: 'pending', updatedAt: new Date() })
        .where(eq(workflows.id, workflowId));
    },

    /** The one pending edit of a listed workflow: replaces the queued one's changes, or queues a new one. */
    async queueEdit(
      tx: Transaction,
      edit: { workflowId: string; queuedId?: string; changes: EditChanges; createdBy: string },
    ) {
      const changes = edit.changes as Record<string, unknown>;
      if (edit.queuedId) {
        await tx.update(workflowEdits).set({ changes }).where(eq(workflowEdits.id, edit.queuedId));
      } else {
        await tx
          .insert(workflowEdits)
          .values({ workflowId: edit.workflowId, changes, createdBy: edit.createdBy });
      }
    },

    async softDelete(workflowId: string) {
      const now = new Date();
      await db.update(workflows).set({ deletedAt: now, updatedAt: now }).where(eq(workflows.id, workflowId));
    },

    /**
     * Approval: every pending version is approved and `current` (if any) becomes the listed file;
     * the edit's columns are applied and the workflow is listed.
     */
    async approve(
      tx: Transaction,
      workflowId: string,
      decision: {
        current: { id: string; summary: NodeSummary | null } | null;
        columns: ColumnChanges;
        listedAt: Date | undefined;
        now: Date;
      },
    ) {
      const { current, columns, now } = decision;
      if (current) {
        await tx
          .update(workflowVersions)
          .set({ isCurrent: false })
          .where(and(eq(workflowVersions.workflowId, workflowId), eq(workflowVersions.isCurrent, true)));
        await tx
          .update(workflowVersions)
          .set({ moderationStatus: 'approved', moderationReason: null, moderatedAt: now })
          .where(
            and(
              eq(workflowVersions.workflowId, workflowId),
              eq(workflowVersions.moderationStatus, 'pending'),
            ),
          );
        await tx
          .update(workflowVersions)
          .set({ isCurrent: true, moderationStatus: 'approved', moderationReason: null, moderatedAt: now })
          .where(eq(workflowVersions.id, current.id));
      }
      await tx
        .update(workflows)
        .set({
          ...columns,
          ...(columns.title ? { slug: slugify(columns.title) } : {}),
          ...(current ? { currentVersionId: current.id, nodeSummary: current.summary } : {}),
          status: 'listed',
          listedAt: decision.listedAt,
          updatedAt: now,
        })
        .where(eq(workflows.id, workflowId));
    },

    async rejectPendingVersions(tx: Transaction, workflowId: string, reason: string, now: Date) {
      await tx
        .update(workflowVersions)
        .set({ moderationStatus: 'rejected', moderationReason: reason, moderatedAt: now })
        .where(
          and(eq(workflowVersions.workflowId, workflowId), eq(workflowVersions.moderationStatus, 'pending')),
        );
    },

    async closeEdit(
      tx: Transaction,
      editId: string,
      outcome: { status: 'approved' | 'rejected'; reason?: string; now: Date },
    ) {
      await tx
        .update(workflowEdits)
        .set({
          moderationStatus: outcome.status,
          ...(outcome.reason !== undefined ? { moderationReason: outcome.reason } : {}),
          moderatedAt: outcome.now,
        })
        .where(eq(workflowEdits.id, editId));
    },

    async setStatus(
      tx: Transaction,
      workflowId: string,
      status: 'rejected' | 'unlisted' | 'listed' | 'pending',
      now: Date,
    ) {
      await tx.update(workflows).set({ status, updatedAt: now }).where(eq(workflows.id, workflowId));
    },

    /** Approved versions, newest first (what a buyer is told about). */
    async approvedVersions(workflowId: string) {
      return db
        .select({ version: workflowVersions.version, createdAt: workflowVersions.createdAt })
        .from(workflowVersions)
        .where(
          and(eq(workflowVersions.workflowId, workflowId), eq(workflowVersions.moderationStatus, 'approved')),
        )
        .orderBy(desc(workflowVersions.createdAt), desc(workflowVersions.id));
    },

    /** The version whose summary a detail page shows: the listed one, else (before approval) the newest. */
    async shownVersion(workflow: { id: string; currentVersionId: string | null }) {
      const [row] = await db
        .select({
          id: workflowVersions.id,
          version: workflowVersions.version,
          summary: workflowVersions.summary,
          checks: workflowVersions.checks,
        })
        .from(workflowVersions)
        .where(
          workflow.currentVersionId
            ? eq(workflowVersions.id, workflow.currentVersionId)
            : eq(workflowVersions.workflowId, workflow.id),
        )
        .orderBy(desc(workflowVersions.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Every version (the author's view) or the approved ones, newest first: the columns the version
     * list shows and the checks (the author's view shows their findings), not the summary.
     */
    async versions(workflowId: string, scope: 'all' | 'approved') {
      return db
        .select({
          id: workflowVersions.id,
          version: workflowVersions.version,
          size: workflowVersions.size,
          moderationStatus: workflowVersions.moderationStatus,
          moderationReason: workflowVersions.moderationReason,
          isCurrent: workflowVersions.isCurrent,
          createdAt: workflowVersions.createdAt,
          notes: workflowVersions.notes,
          notesTranslation: workflowVersions.notesTranslation,
          checks: workflowVersions.checks,
        })
        .from(workflowVersions)
        .where(
          scope === 'all'
            ? eq(workflowVersions.workflowId, workflowId)
            : and(
                eq(workflowVersions.workflowId, workflowId),
                eq(workflowVersions.moderationStatus, 'approved'),
              ),
        )
        .orderBy(desc(workflowVersions.createdAt), desc(workflowVersions.id));
    },

    /** The approved FAQ and screenshots a detail page shows (kept off the catalogue's card rows). */
    async listingExtras(workflowId: string) {
      const [row] = await db
        .select({ faq: workflows.faq, screenshots: workflows.screenshots })
        .from(workflows)
        .where(eq(workflows.id, workflowId));
      return { faq: row?.faq ?? [], screenshots: row?.screenshots ?? [] };
    },

    async findVersion(workflowId: string, versionId: string) {
      const [row] = await db
        .select()
        .from(workflowVersions)
        .where(and(eq(workflowVersions.id, versionId), eq(workflowVersions.workflowId, workflowId)));
      return row ?? null;
    },

    async findManaged(id: string, executor: Database = db) {
      const [row] = await executor
        .select({
          id: workflows.id,
          userId: workflows.userId,
          ...listingColumns,
          testedWith: workflows.testedWith,
          zapierShareUrl: workflows.zapierShareUrl,
          commercialPrice: workflows.commercialPrice,
          agencyPrice: workflows.agencyPrice,
          agencyClients: workflows.agencyClients,
          showNotesBeforePurchase: workflows.showNotesBeforePurchase,
          faq: workflows.faq,
          screenshots: workflows.screenshots,
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
    async lock(tx: Transaction, id: string) {
      await tx.execute(sql`select 1 from ${workflows} where ${workflows.id} = ${id} for update`);
    },

    async taxonomyIds(tx: Transaction, workflowId: string) {
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
    async replaceTaxonomy(tx: Transaction, workflowId: string, change: TaxonomyChange) {
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

    async addTaxonomy(tx: Transaction, workflowId: string, change: TaxonomyChange) {
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
    async refreshSearchDocument(tx: Pick<Transaction, 'select' | 'update'>, workflowId: string) {
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

    async pendingEdit(tx: Transaction, workflowId: string) {
      const [row] = await tx
        .select()
        .from(workflowEdits)
        .where(and(eq(workflowEdits.workflowId, workflowId), eq(workflowEdits.moderationStatus, 'pending')))
        .orderBy(desc(workflowEdits.createdAt))
        .limit(1);
      return row ?? null;
    },

    async versionExists(tx: Transaction, workflowId: string, version: string) {
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
    async moderationStates(workflowIds: string[]) {
      if (workflowIds.length === 0) return { decisions: [], versions: [], edits: [] };
      const [decisions, pending] = await Promise.all([
        db
          .selectDistinctOn([moderationDecisions.workflowId], {
            workflowId: moderationDecisions.workflowId,
            decision: moderationDecisions.decision,
            reason: moderationDecisions.reason,
            createdAt: moderationDecisions.createdAt,
          })
          .from(moderationDecisions)
          .where(inArray(moderationDecisions.workflowId, workflowIds))
          .orderBy(
            moderationDecisions.workflowId,
            desc(moderationDecisions.createdAt),
            desc(moderationDecisions.id),
          ),
        pendingChanges(db, workflowIds),
      ]);
      return { decisions, ...pending };
    },

    /** The platform of the workflow's files (every version has the same one): its newest version's. */
    async filePlatform(tx: Transaction, workflowId: string): Promise<string | null> {
      const [row] = await tx
        .select({ platform: sql<string | null>`${workflowVersions.summary}->>'platform'` })
        .from(workflowVersions)
        .where(eq(workflowVersions.workflowId, workflowId))
        .orderBy(desc(workflowVersions.createdAt), desc(workflowVersions.id))
        .limit(1);
      return row?.platform ?? null;
    },

    /** Which list names an id that does not exist, if any. */
    async unknownTaxonomy(tx: Transaction, change: TaxonomyChange) {
      const lists = [
        ['categoryIds', categories],
        ['subcategoryIds', subcategories],
      ] as const;
      for (const [field, table] of lists) {
        const ids = [...new Set(change[field] ?? [])];
        if (ids.length === 0) continue;
        const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
        if (found.length !== ids.length) return field;
      }
      return null;
    },

    /** Fails with VALIDATION_FAILED when the change names a platform or use case that does not exist. */
    async assertTaxonomyExists(tx: Transaction, change: TaxonomyChange) {
      const unknown = await repository.unknownTaxonomy(tx, change);
      if (unknown) throw unknownTaxonomyError(unknown);
    },
  };
  return repository;
}

export type WorkflowsRepository = ReturnType<typeof createWorkflowsRepository>;
