import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../lib/contract-routes.ts';
import { sendCsvDownload } from '../../lib/csv-download.ts';
import type { AuditService } from './audit.service.ts';

/** The audit trail for admins: a filtered page, newest first, and the same filters as CSV. */
export async function auditRoutes(root: FastifyInstance, { audit }: { audit: AuditService }) {
  const admin = adminRoutes(root, {});

  admin('GET /api/admin/audit', {
    summary: 'The audit trail of admin and money actions, newest first, filtered (admins only)',
    errors: [400, 401, 403],
    handler: (request) => audit.list(request.viewer, request.query),
  });

  admin('GET /api/admin/audit.csv', {
    summary: 'The filtered audit trail as CSV (formula-safe cells)',
    errors: [400, 401, 403],
    handler: async (request, reply) =>
      sendCsvDownload(reply, 'flowbay-audit.csv', await audit.csv(request.viewer, request.query)),
  });
}
