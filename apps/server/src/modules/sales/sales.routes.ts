import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PayoutIdParams } from '@flowbay/domain';
import type { Viewer } from '../../infra/request-viewer.ts';
import { adminRoutes, contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import { sendCsvDownload } from '../../lib/csv-download.ts';
import type { SalesService } from './sales.service.ts';

/** A handler that answers the CSV `build` makes for the caller, as a private download named `fileName`. */
function csvDownload(fileName: string, build: (viewer: Viewer) => Promise<string>) {
  return async (request: FastifyRequest, reply: FastifyReply) =>
    sendCsvDownload(reply, fileName, await build(request.viewer));
}

export async function salesRoutes(root: FastifyInstance, { sales }: { sales: SalesService }) {
  const route = contractRoutes(root, { tags: ['sales'], access: 'signed-in', errors: SIGNED_IN_ERRORS });
  const admin = adminRoutes(root, PayoutIdParams.shape);

  route('GET /api/banks', {
    summary: 'The Vietnamese banks (NAPAS/VietQR) a payout can go to',
    access: { kind: 'public', reason: 'the list of banks is the same for everyone' },
    errors: [],
    handler: (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(sales.banks()),
  });

  route('GET /api/me/sales', {
    summary: "The caller's sales: balances, revenue by day and month, per workflow, payouts",
    handler: (request) => sales.dashboard(request.viewer),
  });

  route('GET /api/me/sales.csv', {
    summary: "The caller's sales as CSV (one line per paid order)",
    handler: csvDownload('flowbay-sales.csv', (viewer) => sales.salesCsv(viewer)),
  });

  route('GET /api/me/payout-account', {
    summary: "The caller's payout bank account",
    handler: (request) => sales.account(request.viewer),
  });

  route('PUT /api/me/payout-account', {
    summary: 'Set the payout bank account (e-mailed; pauses payouts for 48 hours)',
    config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    handler: (request) => sales.setAccount(request.viewer, request.body),
  });

  route('POST /api/me/payouts', {
    summary: 'Request a payout of the whole available balance',
    status: 201,
    handler: (request) => sales.requestPayout(request.viewer),
  });

  admin('GET /api/admin/payouts', {
    summary: 'Payouts by state (requested ones oldest first)',
    handler: (request) => sales.adminPayouts(request.viewer, request.query.state),
  });

  admin('GET /api/admin/payouts.csv', {
    summary: 'The requested payouts as a CSV bank batch',
    handler: csvDownload('flowbay-payouts.csv', (viewer) => sales.adminPayoutsCsv(viewer)),
  });

  admin('POST /api/admin/payouts/send', {
    summary: 'Send approved requested payouts through payOS (when its payout channel is configured)',
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (request) => sales.sendPayouts(request.viewer, request.body.ids),
  });

  admin('POST /api/admin/payouts/:id/paid', {
    summary: 'Mark a payout paid with the bank transfer reference (e-mails the seller)',
    handler: (request) => sales.markPaid(request.viewer, request.params.id, request.body.transfer_ref),
  });

  admin('POST /api/admin/payouts/:id/failed', {
    summary: 'Mark a payout failed: the money returns to the balance (e-mails the seller)',
    handler: (request) => sales.markFailed(request.viewer, request.params.id, request.body.reason),
  });

  admin('GET /api/admin/revenue', {
    summary: 'Fees earned and refunds per month (12 months), pending payouts',
    handler: (request) => sales.adminRevenue(request.viewer),
  });
}
