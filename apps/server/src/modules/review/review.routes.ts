import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  DuplicateMatch,
  NodeSummary,
  PlatformCheck,
  REPORT_REASONS,
  RejectInput,
  ReportInput,
  Requirements,
  ResolveReportInput,
  VersionDiff,
} from '@flowbay/domain';
import type { ReviewService } from './review.service.ts';

const security: { [name: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const WorkflowId = z.object({ id: z.string().uuid() });
const Decision = z.object({
  workflow_id: z.string(),
  decision: z.enum(['approved', 'rejected']),
  status: z.enum(['pending', 'listed', 'rejected', 'unlisted']),
});
const Finding = z.object({
  node: z.string(),
  path: z.string(),
  kind: z.string(),
  workflow: z.string().optional(),
});
const QueueItem = z.object({
  kind: z.enum(['new', 'update']),
  submitted_at: z.string(),
  open_reports: z.number().int(),
  workflow: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    price: z.number().int(),
    status: z.string(),
    cover_image_url: z.string().nullable(),
    tested_with: z.string().nullable(),
    created_at: z.string(),
    category_ids: z.array(z.string()),
    subcategory_ids: z.array(z.string()),
    author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  }),
  versions: z.array(
    z.object({
      id: z.string(),
      version: z.string(),
      created_at: z.string(),
      download_url: z.string(),
      checks: z.object({
        format: z.string().nullable(),
        size: z.number().int(),
        sha256: z.string(),
        node_summary: NodeSummary.nullable(),
        requirements: Requirements.nullable(),
        secrets: z.object({ found: z.number().int(), redacted: z.array(Finding) }),
        warnings: z.array(z.object({ code: z.string(), message: z.string() })),
      }),
      /** Against the listed version; null for a workflow that was never listed. */
      diff: VersionDiff.nullable(),
      duplicates: z.array(DuplicateMatch),
    }),
  ),
  platforms: PlatformCheck,
  edit: z
    .object({ id: z.string(), created_at: z.string(), changes: z.record(z.string(), z.unknown()) })
    .nullable(),
});
const Report = z.object({
  id: z.string(),
  workflow_id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(['open', 'unlisted', 'dismissed']),
  created_at: z.string(),
});
const AdminReport = Report.extend({
  workflow_title: z.string(),
  workflow_status: z.string(),
  reporter_id: z.string().nullable(),
  resolved_at: z.string().nullable(),
});

export async function reviewRoutes(root: FastifyInstance, { review }: { review: ReviewService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/reviews',
    {
      schema: {
        tags: ['review'],
        summary: 'The review queue (admins), oldest first, with the automated checks of each file',
        security,
        querystring: z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) }),
        response: {
          200: z.object({
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
            items: z.array(QueueItem),
          }),
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
      schema: { tags: ['review'], security, params: WorkflowId, response: { 200: Decision, ...errors } },
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
        response: { 200: Decision, ...errors },
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
        response: { 200: Report, 201: Report, ...errors },
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
        querystring: z.object({
          status: z.enum(['open', 'unlisted', 'dismissed']).default('open'),
          page: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
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
          200: z.object({
            id: z.string(),
            workflow_id: z.string(),
            status: z.enum(['unlisted', 'dismissed']),
          }),
          ...errors,
        },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) =>
      review.resolveReport(request.viewer, request.params.id, request.body.action, request.body.note),
  );
}
