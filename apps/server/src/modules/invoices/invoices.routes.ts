import type { FastifyInstance } from 'fastify';
import { OrderCodeParams } from '@flowbay/domain';
import { contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import type { InvoicesService } from './invoices.service.ts';

export async function invoicesRoutes(root: FastifyInstance, { invoices }: { invoices: InvoicesService }) {
  const params = OrderCodeParams.shape;
  const errors = SIGNED_IN_ERRORS;
  const route = contractRoutes(root, { tags: ['orders'], access: 'owner', errors, params });
  const admin = contractRoutes(root, { tags: ['admin'], access: 'admin', errors, params });

  route('GET /api/orders/:code/invoice', {
    summary: "The order's VAT invoice request and, once issued, its number and lookup code (its buyer only)",
    handler: (request) => invoices.get(request.viewer, request.params.code),
  });

  route('PUT /api/orders/:code/invoice', {
    summary: 'Ask for a VAT invoice (hóa đơn GTGT) for the order, or change the request until it is issued',
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (request) => invoices.request(request.viewer, request.params.code, request.body),
  });

  admin('GET /api/admin/invoices', {
    summary:
      'VAT invoices to issue, and refunded ones that need an adjustment invoice (view=all: every request)',
    handler: (request) => invoices.adminList(request.query),
  });

  admin('POST /api/admin/invoices/:code/issue', {
    summary: 'Mark an invoice issued with its number and lookup code; the buyer is e-mailed',
    handler: (request) => invoices.adminIssue(request.viewer, request.params.code, request.body),
  });

  admin('POST /api/admin/invoices/:code/adjusted', {
    summary: "Mark a refunded order's adjustment invoice done",
    handler: (request) => invoices.adminAdjusted(request.params.code),
  });
}
