import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReport,
  AdminReportsQuery,
  ApiError,
  PageQuery,
  RejectInput,
  ReportInput,
  ResolvedReport,
  ResolveReportInput,
  ReviewDecision,
  ReviewQueue,
  WorkflowReport,
} from '@flowbay/domain';
import type { ReviewService } from './review.service.ts';

const security: { [name: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const WorkflowId = z.object({ id: z.string().uuid() });

export async function reviewRoutes(root: FastifyInstance, { review }: { review: ReviewService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/reviews',
    {
      schema: {
        tags: ['review'],
        summary: 'The review queue (admins), oldest first, with the automated checks of each file',
        security,
        querystring: PageQuery,
        response: {
          200: ReviewQueue,
          401: ApiError,
          403: ApiError,
        },
      },
    },
    (request) => review.queue(request.viewer, request.query.page),
  );

  app.post(
    '/api/admin/workflows/:id/approve',
    {
      schema: {
        tags: ['review'],
        security,
        params: WorkflowId,
        response: { 200: ReviewDecision, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) => review.approve(request.viewer, request.params.id),
  );

  app.post(
    '/api/admin/workflows/:id/reject',
    {
      schema: {
        tags: ['review'],
        security,
        params: WorkflowId,
        body: RejectInput,
        response: { 200: ReviewDecision, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) => review.reject(request.viewer, request.params.id, request.body.reason),
  );

  app.post(
    '/api/workflows/:id/reports',
    {
      schema: {
        tags: ['review'],
        summary: 'Report a listed workflow (signed in); reporting again while a report is open returns it',
        security,
        params: WorkflowId,
        body: ReportInput,
        response: { 200: WorkflowReport, 201: WorkflowReport, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { created, report } = await review.report(request.viewer, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({
        id: report.id,
        workflow_id: report.workflowId,
        reason: report.reason,
        details: report.details,
        status: report.status,
        created_at: report.createdAt.toISOString(),
      });
    },
  );

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['review'],
        security,
        querystring: AdminReportsQuery,
        response: { 200: z.array(AdminReport), 401: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const rows = await review.reports(request.viewer, request.query.status, request.query.page);
      return rows.map((row) => ({
        id: row.id,
        workflow_id: row.workflowId,
        workflow_title: row.workflowTitle,
        workflow_status: row.workflowStatus,
        reporter_id: row.reporterId,
        reason: row.reason,
        details: row.details,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        resolved_at: row.resolvedAt?.toISOString() ?? null,
      }));
    },
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      schema: {
        tags: ['review'],
        summary: 'Resolve a report: unlist the workflow (closes all its open reports) or dismiss',
        security,
        params: WorkflowId,
        body: ResolveReportInput,
        response: {
          200: ResolvedReport,
          ...errors,
        },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) =>
      review.resolveReport(request.viewer, request.params.id, request.body.action, request.body.note),
  );
}
