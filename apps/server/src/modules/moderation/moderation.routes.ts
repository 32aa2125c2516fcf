import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import type { ModerationService } from './moderation.service.ts';

export async function moderationRoutes(
  root: FastifyInstance,
  { moderation }: { moderation: ModerationService },
) {
  const route = contractRoutes(root, {
    tags: ['moderation'],
    access: 'admin',
    errors: SIGNED_IN_ERRORS,
    params: { id: z.string().uuid() },
  });

  route('GET /api/admin/reviews', {
    summary: 'The moderation queue (admins), oldest first, with the automated checks of each file',
    errors: [401, 403],
    handler: (request) => moderation.queue(request.viewer, request.query.page),
  });

  route('POST /api/admin/workflows/:id/approve', {
    summary: 'Approve what waits on a workflow; a file with a high-severity safety finding needs a note',
    errors: [400, 401, 403, 404, 409, 422],
    handler: (request) => moderation.approve(request.viewer, request.params.id, request.body),
  });

  route('POST /api/admin/workflows/:id/reject', {
    handler: (request) => moderation.reject(request.viewer, request.params.id, request.body.reason),
  });

  route('POST /api/workflows/:id/reports', {
    summary: 'Report a listed workflow (signed in); reporting again while a report is open returns it',
    access: 'signed-in',
    status: [200, 201],
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { created, report } = await moderation.report(request.viewer, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({
        id: report.id,
        workflow_id: report.workflowId,
        reason: report.reason,
        details: report.details,
        status: report.status,
        created_at: report.createdAt.toISOString(),
      });
    },
  });

  route('GET /api/admin/reports', {
    errors: [401, 403],
    handler: async (request) => {
      const rows = await moderation.reports(request.viewer, request.query.status, request.query.page);
      return rows.map((row) => ({
        id: row.id,
        workflow_id: row.workflowId,
        workflow_title: row.workflowTitle,
        workflow_status: row.workflowStatus,
        reporter_id: row.reporterId,
        reporter:
          row.reporterId && row.reporterEmail
            ? { id: row.reporterId, name: row.reporterName, email: row.reporterEmail }
            : null,
        reason: row.reason,
        details: row.details,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        resolved_at: row.resolvedAt?.toISOString() ?? null,
      }));
    },
  });

  route('POST /api/admin/reports/:id/resolve', {
    summary: 'Resolve a report: unlist the workflow (closes all its open reports) or dismiss',
    handler: (request) =>
      moderation.resolveReport(request.viewer, request.params.id, request.body.action, request.body.note),
  });
}
