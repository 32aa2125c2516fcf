import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WorkflowRefParams, type ReviewReport } from '@flowbay/domain';
import { adminRoutes, contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import type { RatingsService } from './ratings.service.ts';

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
  const route = contractRoutes(root, {
    tags: ['reviews'],
    access: 'signed-in',
    errors: SIGNED_IN_ERRORS,
    params: { id: WorkflowRefParams.shape.id, reviewId: z.string().min(1).max(64) },
  });
  const admin = adminRoutes(root, { id: z.string().min(1).max(64) });

  route('GET /api/workflows/:id/reviews', {
    summary:
      "A workflow's visible reviews (newest first, 10 a page), its rating summary and what the caller may do",
    access: { kind: 'public', reason: 'reviews are public; what the caller may do is part of the answer' },
    handler: (request) => ratings.list(request.params.id, request.viewer, request.query.page),
  });

  route('POST /api/workflows/:id/reviews', {
    summary:
      'Rate a workflow you bought (paid) or downloaded while signed in (free); one review per workflow',
    status: 201,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (request) => ratings.create(request.params.id, request.viewer, request.body),
  });

  route('PUT /api/reviews/:reviewId', {
    summary: 'Edit your review',
    access: 'owner',
    handler: (request) => ratings.update(request.params.reviewId, request.viewer, request.body),
  });

  route('DELETE /api/reviews/:reviewId', {
    summary: 'Delete your review',
    access: 'owner',
    handler: (request) => ratings.remove(request.params.reviewId, request.viewer),
  });

  route('PUT /api/reviews/:reviewId/reply', {
    summary: "The workflow author's answer to a review (one per review; sending again edits it)",
    access: 'owner',
    handler: (request) => ratings.reply(request.params.reviewId, request.viewer, request.body.reply),
  });

  route('POST /api/reviews/:reviewId/reports', {
    summary: 'Report a review; reporting again while your report is open returns it',
    status: [200, 201],
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { created, report } = await ratings.report(request.params.reviewId, request.viewer, request.body);
      return reply.status(created ? 201 : 200).send(toReport(report));
    },
  });

  admin('GET /api/admin/review-reports', {
    summary: 'Reported reviews, oldest first (50 a page)',
    errors: [401, 403],
    handler: (request) => ratings.reports(request.viewer, request.query.status, request.query.page),
  });

  admin('POST /api/admin/review-reports/:id/resolve', {
    summary:
      'Hide the reported review (it stops counting; closes all its open reports) or dismiss this report',
    handler: (request) => ratings.resolveReport(request.viewer, request.params.id, request.body.action),
  });
}
