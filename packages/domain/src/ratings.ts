import { z } from 'zod';
import {
  RATING_MAX,
  RATING_MIN,
  RATING_PRIOR_MEAN,
  RATING_PRIOR_WEIGHT,
  REVIEW_BODY_MAX,
  REVIEW_REPLY_MAX,
} from './limits.ts';
import { pageNumber } from './paging.ts';
import { REVIEW_REPORT_REASONS, STORED_REVIEW_REPORT_REASONS } from './reports.ts';

/** Ratings and reviews (issue 16; docs/decisions/0070-ratings.md). */

const rating = z.number().int().min(RATING_MIN).max(RATING_MAX);
/** Reviews and their reports are paged no further than this. */
const REVIEW_PAGE_MAX = 10_000;
/** `GET /api/workflows/{id}/reviews`: a page of visible reviews. */
export const ReviewsPageQuery = z.object({ page: pageNumber(REVIEW_PAGE_MAX) });

export const ReviewInput = z.object({
  rating,
  body: z.string().trim().max(REVIEW_BODY_MAX).default(''),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

export const ReviewReplyInput = z.object({ reply: z.string().trim().min(1).max(REVIEW_REPLY_MAX) });
export type ReviewReplyInput = z.infer<typeof ReviewReplyInput>;

export const ReviewReportInput = z.object({
  reason: z.enum(REVIEW_REPORT_REASONS, { error: 'validation.reportReason' }),
  details: z.string().trim().max(1000).default(''),
});
export type ReviewReportInput = z.infer<typeof ReviewReportInput>;

export const ResolveReviewReportInput = z.object({ action: z.enum(['hide', 'dismiss']) });

export const Review = z.object({
  id: z.string().uuid(),
  workflow_id: z.string().uuid(),
  rating,
  body: z.string(),
  /** The version the reviewer had when writing. */
  version: z.string().nullable(),
  reviewer: z.object({ id: z.string(), name: z.string().nullable(), avatar_url: z.string().nullable() }),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  /** Only ever true on the caller's own review (`viewer.review`): others never see hidden ones. */
  hidden: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Review = z.infer<typeof Review>;

export const RatingSummary = z.object({
  /** Mean of the visible reviews, rounded to two decimals; null while there are none. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many visible reviews gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  distribution: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

export const REVIEW_ELIGIBILITY = ['eligible', 'sign_in', 'author', 'not_used', 'reviewed'] as const;
export type ReviewEligibility = (typeof REVIEW_ELIGIBILITY)[number];

export const ReviewList = z.object({
  summary: RatingSummary,
  reviews: z.array(Review),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  viewer: z.object({
    /** Why the caller may or may not write a review now. */
    eligibility: z.enum(REVIEW_ELIGIBILITY),
    /** The caller is the workflow's author and may answer reviews. */
    can_reply: z.boolean(),
    review: Review.nullable(),
  }),
});
export type ReviewList = z.infer<typeof ReviewList>;

/** Who filed a report, shown to administrators only (null once the account is deleted). */
export const Reporter = z
  .object({ id: z.string(), name: z.string().nullable(), email: z.string() })
  .nullable();

export const ReviewReport = z.object({
  id: z.string().uuid(),
  review_id: z.string().uuid(),
  reason: z.enum(STORED_REVIEW_REPORT_REASONS),
  details: z.string(),
  status: z.enum(['open', 'hidden', 'dismissed']),
  created_at: z.string(),
});
export type ReviewReport = z.infer<typeof ReviewReport>;

export const AdminReviewReport = ReviewReport.extend({
  review: Review,
  workflow: z.object({ id: z.string().uuid(), slug: z.string(), title: z.string() }),
  reporter_id: z.string().nullable(),
  /** Who reported it: only ever in administrators' answers. */
  reporter: Reporter,
});
export type AdminReviewReport = z.infer<typeof AdminReviewReport>;

/** Bayesian average: (prior weight × prior mean + sum of stars) / (prior weight + count). */
export function bayesianAverage(sum: number, count: number): number | null {
  if (count === 0) return null;
  return (RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN + sum) / (RATING_PRIOR_WEIGHT + count);
}

/** Mean stars rounded to two decimals, null while unrated. */
export function ratingAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : null;
}

export const ReviewDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type ReviewDeleted = z.infer<typeof ReviewDeleted>;

export const AdminReviewReportsQuery = z.object({
  status: z.enum(['open', 'hidden', 'dismissed']).default('open'),
  page: pageNumber(REVIEW_PAGE_MAX),
});

export const ResolvedReviewReport = z.object({ id: z.string(), status: z.enum(['hidden', 'dismissed']) });
export type ResolvedReviewReport = z.infer<typeof ResolvedReviewReport>;
