import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReviewReport,
  AdminReviewReportsQuery,
  ApiError,
  ResolvedReviewReport,
  ResolveReviewReportInput,
  Review,
  ReviewDeleted,
  ReviewInput,
  ReviewList,
  ReviewReplyInput,
  ReviewReport,
  ReviewReportInput,
} from '@flowbay/domain';
import type { RatingsService } from './ratings.service.ts';
import { signedInSecurity } from '../../plugins/openapi.ts';
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const WorkflowRef = z.object({ id: z.string().min(1).max(200) });
const ReviewRef = z.object({ reviewId: z.string().min(1).max(64) });

function toReport(report: {
  id: string;
  reviewId: string;
  reason: ReviewReport['reason'];
  details: string;
  status: ReviewReport['status'];
  createdAt: Date;
}): ReviewReport {
  return {
    id: report.id,
    review_id: report.reviewId,
    reason: report.reason,
    details: report.details,
    status: report.status,
    created_at: report.createdAt.toISOString(),
  };
}

export async function ratingsRoutes(root: FastifyInstance, { ratings }: { ratings: RatingsService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/workflows/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "A workflow's visible reviews (newest first, 10 a page), its rating summary and what the caller may do",
        params: WorkflowRef,
        querystring: z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0) }),
        response: { 200: ReviewList, ...errors },
      },
    },
    (request) => ratings.list(request.params.id, request.viewer, request.query.page),
  );

  app.post(
    '/api/workflows/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Rate a workflow you bought (paid) or downloaded while signed in (free); one review per workflow',
        security: signedInSecurity,
        params: WorkflowRef,
        body: ReviewInput,
        response: { 201: Review, ...errors },
      },
      config: { invalidatesCatalogue: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      reply.status(201).send(await ratings.create(request.params.id, request.viewer, request.body)),
  );

  app.put(
    '/api/reviews/:reviewId',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Edit your review',
        security: signedInSecurity,
        params: ReviewRef,
        body: ReviewInput,
        response: { 200: Review, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) => ratings.update(request.params.reviewId, request.viewer, request.body),
  );

  app.delete(
    '/api/reviews/:reviewId',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Delete your review',
        security: signedInSecurity,
        params: ReviewRef,
        response: { 200: ReviewDeleted, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) => ratings.remove(request.params.reviewId, request.viewer),
  );

  app.put(
    '/api/reviews/:reviewId/reply',
    {
      schema: {
        tags: ['reviews'],
        summary: "The workflow author's answer to a review (one per review; sending again edits it)",
        security: signedInSecurity,
        params: ReviewRef,
        body: ReviewReplyInput,
        response: { 200: Review, ...errors },
      },
    },
    (request) => ratings.reply(request.params.reviewId, request.viewer, request.body.reply),
  );

  app.post(
    '/api/reviews/:reviewId/reports',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Report a review; reporting again while your report is open returns it',
        security: signedInSecurity,
        params: ReviewRef,
        body: ReviewReportInput,
        response: { 200: ReviewReport, 201: ReviewReport, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { created, report } = await ratings.report(request.params.reviewId, request.viewer, request.body);
      return reply.status(created ? 201 : 200).send(toReport(report));
    },
  );

  app.get(
    '/api/admin/review-reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reported reviews, oldest first (50 a page)',
        security: signedInSecurity,
        querystring: AdminReviewReportsQuery,
        response: { 200: z.array(AdminReviewReport), 401: ApiError, 403: ApiError },
      },
    },
    (request) => ratings.reports(request.viewer, request.query.status, request.query.page),
  );

  app.post(
    '/api/admin/review-reports/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Hide the reported review (it stops counting; closes all its open reports) or dismiss this report',
        security: signedInSecurity,
        params: z.object({ id: z.string().min(1).max(64) }),
        body: ResolveReviewReportInput,
        response: { 200: ResolvedReviewReport, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) => ratings.resolveReport(request.viewer, request.params.id, request.body.action),
  );
}
