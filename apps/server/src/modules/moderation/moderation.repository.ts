import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  reports,
  moderationDecisions,
  user,
  workflowCategories,
  workflowEdits,
  workflowSubcategories,
  workflowVersions,
  workflows,
} from '../../db/schema.ts';
import { insertedOrOpen, publicName, whileOpen } from '../../db/fragments.ts';
import { pendingChanges } from '../workflows/index.ts';

/** Workflows with something waiting: a first submission, a version or an edit (each from a partial index). */
const waiting = sql`${workflows.id} in (
  select w.id from ${workflows} w where w.status = 'pending'
  union select v.workflow_id from ${workflowVersions} v where v.review_status = 'pending'
  union select e.workflow_id from ${workflowEdits} e where e.review_status = 'pending'
)`;
/** When the oldest thing still waiting was submitted: the queue is served oldest first. */
const submittedAt = sql<Date>`coalesce(least(
  (select min(v.created_at) from ${workflowVersions} v where v.workflow_id = ${workflows.id} and v.review_status = 'pending'),
  (select min(e.created_at) from ${workflowEdits} e where e.workflow_id = ${workflows.id} and e.review_status = 'pending')
), ${workflows.updatedAt})`;

const DUPLICATE_CANDIDATES = 40;

export type ReportReason = (typeof reports.$inferInsert)['reason'];
type Resolution = { resolvedBy: string; resolvedAt: Date };

export function createModerationRepository(db: Database) {
  async function findOpenReport(workflowId: string, reporterId: string) {
    const [row] = await db
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.workflowId, workflowId),
          eq(reports.reporterId, reporterId),
          eq(reports.status, 'open'),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  return {
    async queue(page: number, pageSize: number) {
      const where = and(isNull(workflows.deletedAt), waiting);
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: workflows.id,
            slug: workflows.slug,
            title: workflows.title,
            description: workflows.description,
            language: workflows.language,
            translation: workflows.translation,
            price: workflows.price,
            status: workflows.status,
            coverKey: workflows.coverKey,
            testedWith: workflows.testedWith,
            currentVersionId: workflows.currentVersionId,
            createdAt: workflows.createdAt,
            submittedAt,
            authorId: user.id,
            authorName: user.name,
            authorEmail: user.email,
            openReports: sql<number>`(select count(*)::int from ${reports} r where r.workflow_id = ${workflows.id} and r.status = 'open')`,
          })
          .from(workflows)
          .innerJoin(user, eq(user.id, workflows.userId))
          .where(where)
          .orderBy(asc(submittedAt), asc(workflows.id))
          .limit(pageSize)
          .offset(page * pageSize),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(workflows)
          .where(where),
      ]);
      return { rows, total: Number(count?.count ?? 0) };
    },

    /** The last decision on each workflow, when it was a rejection: why the author was sent back. */
    async lastRejections(workflowIds: string[]) {
      if (workflowIds.length === 0) return [];
      const rows = await db
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
        );
      return rows.filter((row) => row.decision === 'rejected');
    },

    /** What the queue shows of its workflows: pending versions and edits, platform and use-case links. */
    async queueDetails(workflowIds: string[]) {
      if (workflowIds.length === 0) return { versions: [], edits: [], categories: [], subcategories: [] };
      const [pending, categories, subcategories] = await Promise.all([
        pendingChanges(db, workflowIds),
        db.select().from(workflowCategories).where(inArray(workflowCategories.workflowId, workflowIds)),
        db.select().from(workflowSubcategories).where(inArray(workflowSubcategories.workflowId, workflowIds)),
      ]);
      return { ...pending, categories, subcategories };
    },

    /** The listed file of each workflow, to diff a submitted version against. */
    async currentVersions(workflowIds: string[]) {
      if (workflowIds.length === 0) return [];
      return db
        .select({ workflowId: workflowVersions.workflowId, summary: workflowVersions.summary })
        .from(workflowVersions)
        .where(and(inArray(workflowVersions.workflowId, workflowIds), eq(workflowVersions.isCurrent, true)));
    },

    /**
     * Files of other live workflows (listed or waiting) that may copy this one: the same bytes, or at
     * least one shared similarity key, most keys shared first. The caller measures similarity.
     */
    async duplicateCandidates(file: { workflowId: string; sha256: string; keys: string[] }) {
      const keys = sql`string_to_array(${file.keys.join(' ')}, ' ')`;
      const sharedKeys = sql`(select count(*) from jsonb_array_elements_text(${workflowVersions.summary}->'similarityKeys') key where key = any(${keys}))`;
      const match =
        file.keys.length > 0
          ? sql`(${workflowVersions.sha256} = ${file.sha256} or (${workflowVersions.summary}->'similarityKeys') ?| ${keys})`
          : sql`${workflowVersions.sha256} = ${file.sha256}`;
      return db
        .select({
          workflowId: workflows.id,
          slug: workflows.slug,
          title: workflows.title,
          status: workflows.status,
          sha256: workflowVersions.sha256,
          nodes: sql<string[] | null>`${workflowVersions.summary}->'nodes'`,
        })
        .from(workflowVersions)
        .innerJoin(workflows, eq(workflows.id, workflowVersions.workflowId))
        .where(
          and(
            sql`${workflows.id} <> ${file.workflowId}`,
            isNull(workflows.deletedAt),
            sql`(${workflowVersions.isCurrent} or ${workflowVersions.moderationStatus} = 'pending')`,
            match,
          ),
        )
        .orderBy(
          sql`${workflowVersions.sha256} = ${file.sha256} desc`,
          sql`${sharedKeys} desc`,
          asc(workflowVersions.createdAt),
        )
        .limit(DUPLICATE_CANDIDATES);
    },

    async pendingVersions(tx: Database, workflowId: string) {
      return tx
        .select()
        .from(workflowVersions)
        .where(
          and(eq(workflowVersions.workflowId, workflowId), eq(workflowVersions.moderationStatus, 'pending')),
        )
        .orderBy(desc(workflowVersions.createdAt), desc(workflowVersions.id));
    },

    async newestVersion(tx: Database, workflowId: string) {
      const [row] = await tx
        .select()
        .from(workflowVersions)
        .where(eq(workflowVersions.workflowId, workflowId))
        .orderBy(desc(workflowVersions.createdAt), desc(workflowVersions.id))
        .limit(1);
      return row ?? null;
    },

    async author(workflowId: string) {
      const [row] = await db
        .select({ email: user.email, locale: user.locale, title: workflows.title, slug: workflows.slug })
        .from(workflows)
        .innerJoin(user, eq(user.id, workflows.userId))
        .where(eq(workflows.id, workflowId));
      return row ?? null;
    },

    async insertDecision(tx: Database, values: typeof moderationDecisions.$inferInsert) {
      await tx.insert(moderationDecisions).values(values);
    },

    /**
     * Files the report unless the reporter already has an open one on this workflow; then that one
     * is returned. The partial unique index settles concurrent requests.
     */
    async insertOpenReport(values: typeof reports.$inferInsert & { reporterId: string }) {
      return insertedOrOpen(
        db
          .insert(reports)
          .values(values)
          .onConflictDoNothing({ target: [reports.workflowId, reports.reporterId], where: whileOpen })
          .returning(),
        () => findOpenReport(values.workflowId, values.reporterId),
      );
    },

    async listReports(status: 'open' | 'unlisted' | 'dismissed', page: number, pageSize: number) {
      return db
        .select({
          id: reports.id,
          workflowId: reports.workflowId,
          workflowTitle: workflows.title,
          workflowStatus: workflows.status,
          reporterId: reports.reporterId,
          reporterName: publicName(),
          reporterEmail: user.email,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          resolvedAt: reports.resolvedAt,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .innerJoin(workflows, eq(workflows.id, reports.workflowId))
        .leftJoin(user, eq(user.id, reports.reporterId))
        .where(eq(reports.status, status))
        .orderBy(asc(reports.createdAt), asc(reports.id))
        .limit(pageSize)
        .offset(page * pageSize);
    },

    async findReport(tx: Database, id: string) {
      const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
      return row ?? null;
    },

    async dismissReport(tx: Database, id: string, resolution: Resolution) {
      await tx
        .update(reports)
        .set({ status: 'dismissed', ...resolution })
        .where(eq(reports.id, id));
    },

    /** Unlisting a workflow settles every open report on it. */
    async closeOpenReportsAsUnlisted(tx: Database, workflowId: string, resolution: Resolution) {
      await tx
        .update(reports)
        .set({ status: 'unlisted', ...resolution })
        .where(and(eq(reports.workflowId, workflowId), eq(reports.status, 'open')));
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
