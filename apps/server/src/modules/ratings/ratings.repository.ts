import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hasActiveEntitlement } from '../../db/entitlements.ts';
import {
  orders,
  reviewReports,
  user,
  workflowDownloads,
  workflowReviews,
  workflows,
} from '../../db/schema.ts';
import { insertedOrOpen, publicName, whileOpen } from '../../db/fragments.ts';

type Rows<T> = { rows: T[] };

const reviewColumns = {
  id: workflowReviews.id,
  workflowId: workflowReviews.workflowId,
  userId: workflowReviews.userId,
  rating: workflowReviews.rating,
  body: workflowReviews.body,
  version: workflowReviews.version,
  reply: workflowReviews.reply,
  repliedAt: workflowReviews.repliedAt,
  hiddenAt: workflowReviews.hiddenAt,
  createdAt: workflowReviews.createdAt,
  updatedAt: workflowReviews.updatedAt,
  reviewerName: publicName(),
  reviewerImage: user.image,
  authorId: workflows.userId,
  workflowPrice: workflows.price,
};

export type ReviewRow = {
  id: string;
  workflowId: string;
  userId: string;
  rating: number;
  body: string;
  version: string | null;
  reply: string | null;
  repliedAt: Date | null;
  hiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  reviewerName: string | null;
  reviewerImage: string | null;
  authorId: string;
  workflowPrice: number;
};

/**
 * Every write that changes which reviews count first locks the workflow's row, then recounts its
 * visible reviews into workflows.rating_count / rating_sum. Concurrent writes on one workflow take
 * turns at the lock, and each recount reads what the previous one committed, so the counters always
 * equal the reviews (the guarantee favourites give, here by a lock instead of a single statement).
 */
export function createRatingsRepository(db: Database) {
  const selectReviews = (tx: Database = db) =>
    tx
      .select(reviewColumns)
      .from(workflowReviews)
      .innerJoin(user, eq(user.id, workflowReviews.userId))
      .innerJoin(workflows, eq(workflows.id, workflowReviews.workflowId));

  async function lockWorkflow(tx: Database, workflowId: string) {
    await tx.execute(sql`select 1 from ${workflows} where id = ${workflowId} for update`);
  }

  async function recount(tx: Database, workflowId: string) {
    await tx.execute(sql`
      update ${workflows} set rating_count = totals.count, rating_sum = totals.sum
      from (
        select count(*)::int as count, coalesce(sum(rating), 0)::int as sum
        from ${workflowReviews} where workflow_id = ${workflowId} and hidden_at is null
      ) totals
      where id = ${workflowId}`);
  }

  /** Runs `write` under the workflow's lock and recounts after it, in one transaction. */
  function counted<T>(workflowId: string, write: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await lockWorkflow(tx, workflowId);
      const result = await write(tx);
      await recount(tx, workflowId);
      return result;
    });
  }

  async function findById(id: string, tx: Database = db): Promise<ReviewRow | null> {
    const [row] = await selectReviews(tx).where(eq(workflowReviews.id, id)).limit(1);
    return row ?? null;
  }

  return {
    findById,

    async findByUser(workflowId: string, userId: string): Promise<ReviewRow | null> {
      const [row] = await selectReviews()
        .where(and(eq(workflowReviews.workflowId, workflowId), eq(workflowReviews.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** What the user had: an active purchase, and the version they last downloaded while signed in. */
    async usage(userId: string, workflowId: string) {
      const [download] = await db
        .select({ version: workflowDownloads.version })
        .from(workflowDownloads)
        .where(
          and(eq(workflowDownloads.workflowId, workflowId), eq(workflowDownloads.visitor, `u:${userId}`)),
        )
        .orderBy(desc(workflowDownloads.day))
        .limit(1);
      return {
        purchased: await hasActiveEntitlement(db, userId, workflowId),
        downloaded: Boolean(download),
        downloadedVersion: download?.version ?? null,
      };
    },

    /** Null when the user already has a review of this workflow (also under concurrent requests). */
    async insert(values: {
      workflowId: string;
      userId: string;
      rating: number;
      body: string;
      version: string | null;
      now: Date;
    }): Promise<ReviewRow | null> {
      const id = await counted(values.workflowId, async (tx) => {
        const [inserted] = await tx
          .insert(workflowReviews)
          .values({
            workflowId: values.workflowId,
            userId: values.userId,
            rating: values.rating,
            body: values.body,
            version: values.version,
            createdAt: values.now,
            updatedAt: values.now,
          })
          .onConflictDoNothing()
          .returning({ id: workflowReviews.id });
        return inserted?.id ?? null;
      });
      return id ? findById(id) : null;
    },

    async update(
      review: ReviewRow,
      changes: { rating: number; body: string; version: string | null; now: Date },
    ) {
      await counted(review.workflowId, (tx) =>
        tx
          .update(workflowReviews)
          .set({
            rating: changes.rating,
            body: changes.body,
            version: changes.version,
            updatedAt: changes.now,
          })
          .where(eq(workflowReviews.id, review.id)),
      );
      return (await findById(review.id))!;
    },

    async remove(review: ReviewRow) {
      await counted(review.workflowId, (tx) =>
        tx.delete(workflowReviews).where(eq(workflowReviews.id, review.id)),
      );
    },

    async setReply(reviewId: string, reply: string, now: Date) {
      await db.update(workflowReviews).set({ reply, repliedAt: now }).where(eq(workflowReviews.id, reviewId));
      return (await findById(reviewId))!;
    },

    async listVisible(workflowId: string, page: number, pageSize: number) {
      return selectReviews()
        .where(and(eq(workflowReviews.workflowId, workflowId), isNull(workflowReviews.hiddenAt)))
        .orderBy(desc(workflowReviews.createdAt), desc(workflowReviews.id))
        .limit(pageSize)
        .offset(page * pageSize);
    },

    /** Visible reviews per star (1-5). */
    async distribution(workflowId: string): Promise<number[]> {
      const rows = await db
        .select({ rating: workflowReviews.rating, count: sql<number>`count(*)::int` })
        .from(workflowReviews)
        .where(and(eq(workflowReviews.workflowId, workflowId), isNull(workflowReviews.hiddenAt)))
        .groupBy(workflowReviews.rating);
      const counts = [0, 0, 0, 0, 0];
      for (const row of rows) counts[row.rating - 1] = Number(row.count);
      return counts;
    },

    /** Files the report unless the reporter already has an open one on this review; then answers that one. */
    async insertReport(values: {
      reviewId: string;
      reporterId: string;
      reason: (typeof reviewReports.$inferInsert)['reason'];
      details: string;
    }) {
      return insertedOrOpen(
        db
          .insert(reviewReports)
          .values(values)
          .onConflictDoNothing({
            target: [reviewReports.reviewId, reviewReports.reporterId],
            where: whileOpen,
          })
          .returning(),
        async () => {
          const [open] = await db
            .select()
            .from(reviewReports)
            .where(
              and(
                eq(reviewReports.reviewId, values.reviewId),
                eq(reviewReports.reporterId, values.reporterId),
                eq(reviewReports.status, 'open'),
              ),
            )
            .limit(1);
          return open;
        },
      );
    },

    async listReports(status: 'open' | 'hidden' | 'dismissed', page: number, pageSize: number) {
      const rows = await db
        .select({
          id: reviewReports.id,
          reviewId: reviewReports.reviewId,
          reporterId: reviewReports.reporterId,
          reporterName: publicName(),
          reporterEmail: user.email,
          reason: reviewReports.reason,
          details: reviewReports.details,
          status: reviewReports.status,
          createdAt: reviewReports.createdAt,
          workflowSlug: workflows.slug,
          workflowTitle: workflows.title,
        })
        .from(reviewReports)
        .innerJoin(workflowReviews, eq(workflowReviews.id, reviewReports.reviewId))
        .innerJoin(workflows, eq(workflows.id, workflowReviews.workflowId))
        .leftJoin(user, eq(user.id, reviewReports.reporterId))
        .where(eq(reviewReports.status, status))
        .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id))
        .limit(pageSize)
        .offset(page * pageSize);
      const reviews = await Promise.all(rows.map((row) => findById(row.reviewId)));
      return rows.map((row, index) => ({ ...row, review: reviews[index]! }));
    },

    /**
     * Hide closes every open report of the review and takes it out of the counts; dismiss closes only
     * this report. Null when the report does not exist or is already closed.
     */
    /** `inHide` runs in the hiding transaction (the audit trail's row), with the review's state before. */
    async resolveReport(
      id: string,
      action: 'hide' | 'dismiss',
      adminId: string,
      now: Date,
      inHide?: (tx: Database, before: { reviewId: string; hidden: boolean; rating: number }) => Promise<void>,
    ) {
      const [report] = await db.select().from(reviewReports).where(eq(reviewReports.id, id)).limit(1);
      if (!report) return null;
      const review = await findById(report.reviewId);
      if (!review) return null;
      const status = await counted(review.workflowId, async (tx) => {
        const [locked] = await tx
          .select({ status: reviewReports.status })
          .from(reviewReports)
          .where(eq(reviewReports.id, id))
          .for('update');
        if (!locked || locked.status !== 'open') return null;
        if (action === 'dismiss') {
          await tx
            .update(reviewReports)
            .set({ status: 'dismissed', resolvedBy: adminId, resolvedAt: now })
            .where(eq(reviewReports.id, id));
          return 'dismissed' as const;
        }
        await tx
          .update(workflowReviews)
          .set({ hiddenAt: now, hiddenBy: adminId })
          .where(and(eq(workflowReviews.id, review.id), isNull(workflowReviews.hiddenAt)));
        await inHide?.(tx, { reviewId: review.id, hidden: review.hiddenAt !== null, rating: review.rating });
        await tx
          .update(reviewReports)
          .set({ status: 'hidden', resolvedBy: adminId, resolvedAt: now })
          .where(and(eq(reviewReports.reviewId, review.id), eq(reviewReports.status, 'open')));
        return 'hidden' as const;
      });
      return status && { status, reviewId: review.id, workflowId: review.workflowId };
    },

    /** What the review reminder needs about a paid order, or null when the order is gone. */
    async reminderFacts(orderId: string) {
      const rows = (await db.execute(sql`
        select o.buyer_id, o.buyer_email, o.buyer_name, o.buyer_language, o.workflow_id, o.workflow_title,
          w.slug, w.status, w.deleted_at,
          exists (select 1 from ${workflowReviews} r where r.workflow_id = o.workflow_id and r.user_id = o.buyer_id) as reviewed
        from ${orders} o join ${workflows} w on w.id = o.workflow_id
        where o.id = ${orderId} and o.state = 'paid'`)) as unknown as Rows<{
        buyer_id: string | null;
        buyer_email: string;
        buyer_name: string;
        buyer_language: 'en' | 'vi';
        workflow_id: string;
        workflow_title: string;
        slug: string;
        status: string;
        deleted_at: Date | null;
        reviewed: boolean;
      }>;
      const row = rows.rows[0];
      if (!row) return null;
      const entitled = row.buyer_id ? await hasActiveEntitlement(db, row.buyer_id, row.workflow_id) : false;
      return { ...row, entitled };
    },
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
