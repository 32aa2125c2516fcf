import {
  REVIEWS_PAGE_SIZE,
  isUuid,
  ratingAverage,
  type Review,
  type ReviewEligibility,
  type ReviewInput,
  type ReviewList,
  type ReviewReportInput,
} from '@flowbay/domain';
import { workflowPath } from '@flowbay/domain/slug';
import type { Clock } from '../../infra/jobs/queue.ts';
import type { Events } from '../../infra/events/events.ts';
import type { Mailer } from '../../infra/mailer/index.ts';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { requireAdmin, requireUser } from '../../lib/guards.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { adminActor, recordAudit } from '../audit/index.ts';
import { reviewReminderMail } from './ratings.mail.ts';
import type { RatingsRepository, ReviewRow } from './ratings.repository.ts';

const ADMIN_PAGE = 50;
const reviewNotFound = () => notFound('REVIEW_NOT_FOUND', 'Review not found');

function toReview(row: ReviewRow, showHidden = false): Review {
  return {
    id: row.id,
    workflow_id: row.workflowId,
    rating: row.rating,
    body: row.body,
    version: row.version,
    reviewer: { id: row.userId, name: row.reviewerName, avatar_url: row.reviewerImage },
    reply: row.reply,
    replied_at: row.repliedAt?.toISOString() ?? null,
    hidden: showHidden && row.hiddenAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface RatingsServiceDeps {
  repository: RatingsRepository;
  catalog: Pick<CatalogService, 'findVisible' | 'findVisibleBasics'>;
  /** Review writes are stated as `review.written` (the catalogue's counts listen). */
  events: Pick<Events, 'emit'>;
  mailer: Mailer;
  publicUrl: string;
  clock: Clock;
}

/**
 * Whether the user has the workflow as a reviewer must (issue 16): a paid one bought and not refunded,
 * a free one bought or downloaded while signed in. Writing and editing a review both require it.
 */
function hasUsed(price: number, usage: { purchased: boolean; downloaded: boolean }): boolean {
  return price > 0 ? usage.purchased : usage.purchased || usage.downloaded;
}

const reviewNotAllowed = () =>
  new AppError('REVIEW_NOT_ALLOWED', 'Buy or download this workflow to review it');

/** A workflow the viewer may see, with the columns visibility, access and the review counters need. */
type VisibleWorkflow = Awaited<ReturnType<CatalogService['findVisibleBasics']>>;

export function createRatingsService(deps: RatingsServiceDeps) {
  const { repository, catalog, mailer, publicUrl, clock } = deps;
  /** The write committed in the repository's own transaction: the fact is stated after it. */
  const written = (review: { id: string; workflowId: string }, change: 'created' | 'edited' | 'removed') =>
    deps.events.emit(null, 'review.written', { reviewId: review.id, workflowId: review.workflowId, change });

  /** A listed workflow (reviews are written only there); others answer WORKFLOW_NOT_FOUND. */
  async function listedWorkflow(ref: string, viewer: Viewer) {
    const row = await catalog.findVisible(ref, viewer);
    if (row.status !== 'listed' || row.deletedAt) throw notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');
    return row;
  }

  /**
   * Who may review (issue 16): people who bought a paid workflow, or downloaded a free one while
   * signed in; never its author; once. Answers the version the reviewer has.
   */
  async function eligibility(
    viewer: Viewer,
    workflow: { id: string; userId: string; price: number; version: string | null },
  ): Promise<{ eligibility: ReviewEligibility; version: string | null; own: ReviewRow | null }> {
    if (!isSignedIn(viewer)) return { eligibility: 'sign_in', version: null, own: null };
    if (viewer.id === workflow.userId) return { eligibility: 'author', version: null, own: null };
    const own = await repository.findByUser(workflow.id, viewer.id);
    const usage = await repository.usage(viewer.id, workflow.id);
    const used = hasUsed(Number(workflow.price), usage);
    const version = usage.downloadedVersion ?? workflow.version;
    if (own) return { eligibility: 'reviewed', version, own };
    return { eligibility: used ? 'eligible' : 'not_used', version, own };
  }

  async function ownReview(viewer: Viewer, reviewId: string) {
    const user = requireUser(viewer);
    const review = isUuid(reviewId) ? await repository.findById(reviewId) : null;
    if (!review) throw reviewNotFound();
    if (review.userId !== user.id) throw forbidden();
    return review;
  }

  /** A page of the visible reviews of a workflow the viewer may see, and what the viewer may do. */
  async function listOf(workflow: VisibleWorkflow, viewer: Viewer, page: number): Promise<ReviewList> {
    const count = Number(workflow.ratingCount);
    // The counters count the visible reviews: with none, there is no list or spread to read.
    const [rows, distribution, access] = await Promise.all([
      count > 0 ? repository.listVisible(workflow.id, page, REVIEWS_PAGE_SIZE) : [],
      count > 0 ? repository.distribution(workflow.id) : [0, 0, 0, 0, 0],
      eligibility(viewer, { ...workflow, price: Number(workflow.price) }),
    ]);
    return {
      summary: {
        average: ratingAverage(Number(workflow.ratingSum), count),
        count,
        distribution,
      },
      reviews: rows.map((row) => toReview(row)),
      page,
      pageSize: REVIEWS_PAGE_SIZE,
      total: count,
      viewer: {
        eligibility: access.eligibility,
        can_reply: isSignedIn(viewer) && viewer.id === workflow.userId,
        review: access.own ? toReview(access.own, true) : null,
      },
    };
  }

  return {
    async list(ref: string, viewer: Viewer, page: number): Promise<ReviewList> {
      return listOf(await catalog.findVisibleBasics(ref, viewer), viewer, page);
    },

    listOf,

    async create(ref: string, viewer: Viewer, input: ReviewInput): Promise<Review> {
      requireUser(viewer);
      const workflow = await listedWorkflow(ref, viewer);
      const access = await eligibility(viewer, { ...workflow, price: Number(workflow.price) });
      if (access.eligibility === 'author')
        throw new AppError('OWN_WORKFLOW_REVIEW', 'You cannot review your own workflow');
      if (access.eligibility === 'reviewed')
        throw new AppError('ALREADY_REVIEWED', 'You have already reviewed this workflow');
      if (access.eligibility !== 'eligible') throw reviewNotAllowed();
      const inserted = await repository.insert({
        workflowId: workflow.id,
        userId: (viewer as { id: string }).id,
        rating: input.rating,
        body: input.body,
        version: access.version,
        now: clock(),
      });
      // A concurrent request of the same user won the unique index.
      if (!inserted) throw new AppError('ALREADY_REVIEWED', 'You have already reviewed this workflow');
      await written(inserted, 'created');
      return toReview(inserted, true);
    },

    async update(reviewId: string, viewer: Viewer, input: ReviewInput): Promise<Review> {
      const review = await ownReview(viewer, reviewId);
      const usage = await repository.usage(review.userId, review.workflowId);
      // A refunded buyer no longer has the workflow: their review stays theirs to delete, not to edit.
      if (!hasUsed(Number(review.workflowPrice), usage)) throw reviewNotAllowed();
      const updated = await repository.update(review, {
        rating: input.rating,
        body: input.body,
        version: usage.downloadedVersion ?? review.version,
        now: clock(),
      });
      await written(updated, 'edited');
      return toReview(updated, true);
    },

    async remove(reviewId: string, viewer: Viewer) {
      const review = await ownReview(viewer, reviewId);
      await repository.remove(review);
      await written(review, 'removed');
      return { id: review.id, deleted: true as const };
    },

    /** The workflow's author answers a review once; answering again edits the answer. */
    async reply(reviewId: string, viewer: Viewer, reply: string): Promise<Review> {
      const user = requireUser(viewer);
      const review = isUuid(reviewId) ? await repository.findById(reviewId) : null;
      if (!review || review.hiddenAt) throw reviewNotFound();
      if (review.authorId !== user.id) throw forbidden();
      return toReview(await repository.setReply(review.id, reply, clock()));
    },

    async report(reviewId: string, viewer: Viewer, input: ReviewReportInput) {
      const user = requireUser(viewer);
      const review = isUuid(reviewId) ? await repository.findById(reviewId) : null;
      if (!review || review.hiddenAt) throw reviewNotFound();
      return repository.insertReport({ reviewId: review.id, reporterId: user.id, ...input });
    },

    async reports(viewer: Viewer, status: 'open' | 'hidden' | 'dismissed', page: number) {
      requireAdmin(viewer);
      const rows = await repository.listReports(status, page, ADMIN_PAGE);
      return rows.map((row) => ({
        id: row.id,
        review_id: row.reviewId,
        reason: row.reason,
        details: row.details,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        reporter_id: row.reporterId,
        reporter:
          row.reporterId && row.reporterEmail
            ? { id: row.reporterId, name: row.reporterName, email: row.reporterEmail }
            : null,
        review: toReview(row.review, true),
        workflow: { id: row.review.workflowId, slug: row.workflowSlug, title: row.workflowTitle },
      }));
    },

    /** `hide` takes the review out of pages and counts and closes its open reports; `dismiss` closes this one. */
    async resolveReport(viewer: Viewer, reportId: string, action: 'hide' | 'dismiss') {
      const admin = requireAdmin(viewer);
      if (!isUuid(reportId)) throw notFound('NOT_FOUND', 'Report not found');
      const outcome = await repository.resolveReport(reportId, action, admin.id, clock(), (tx, before) =>
        recordAudit(tx, {
          actor: adminActor(admin),
          action: 'review.hide',
          subject: { type: 'review', id: before.reviewId },
          before: { hidden: before.hidden, rating: before.rating },
          after: { hidden: true, report_id: reportId },
        }),
      );
      if (!outcome) throw new AppError('CONFLICT', 'This report does not exist or is already resolved');
      if (outcome.status === 'hidden')
        await written({ id: outcome.reviewId, workflowId: outcome.workflowId }, 'removed');
      return { id: reportId, status: outcome.status };
    },

    /**
     * The reminder job: a few days after a purchase, asks the buyer for a review, unless they already
     * wrote one, were refunded, or the workflow is no longer listed. The job is queued once, when the
     * order is paid (`order.paid`, ratings.listeners.ts), so a purchase is reminded at most once.
     */
    async sendReminder(orderId: string) {
      const facts = await repository.reminderFacts(orderId);
      if (!facts || facts.reviewed || !facts.entitled || facts.status !== 'listed' || facts.deleted_at)
        return;
      const url = `${publicUrl}${workflowPath({ slug: facts.slug, id: facts.workflow_id })}#reviews`;
      await mailer.send(
        reviewReminderMail({
          to: facts.buyer_email,
          language: facts.buyer_language,
          name: facts.buyer_name,
          title: facts.workflow_title,
          url,
        }),
      );
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
