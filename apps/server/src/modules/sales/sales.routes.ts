import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminPayoutResponse,
  AdminPayoutsQuery,
  AdminPayoutsResponse,
  AdminRevenue,
  ApiError,
  BanksResponse,
  CsvText,
  MarkPayoutFailedBody,
  MarkPayoutPaidBody,
  PayoutAccountBody,
  PayoutAccountResponse,
  PayoutIdParams,
  PayoutResponse,
  SalesDashboard,
} from '@flowbay/domain';
import type { SalesService } from './sales.service.ts';
import { signedInSecurity } from '../../plugins/openapi.ts';
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

function sendCsv(reply: FastifyReply, fileName: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

export async function salesRoutes(root: FastifyInstance, { sales }: { sales: SalesService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/banks',
    {
      schema: {
        tags: ['sales'],
        summary: 'The Vietnamese banks (NAPAS/VietQR) a payout can go to',
        response: { 200: BanksResponse },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(sales.banks()),
  );

  app.get(
    '/api/me/sales',
    {
      schema: {
        tags: ['sales'],
        summary: "The caller's sales: balances, revenue by day and month, per workflow, payouts",
        security: signedInSecurity,
        response: { 200: SalesDashboard, ...errors },
      },
    },
    (request) => sales.dashboard(request.viewer),
  );

  app.get(
    '/api/me/sales.csv',
    {
      schema: {
        tags: ['sales'],
        summary: "The caller's sales as CSV (one line per paid order)",
        security: signedInSecurity,
        response: { 200: CsvText, ...errors },
      },
    },
    async (request, reply) => sendCsv(reply, 'flowbay-sales.csv', await sales.salesCsv(request.viewer)),
  );

  app.get(
    '/api/me/payout-account',
    {
      schema: {
        tags: ['sales'],
        summary: "The caller's payout bank account",
        security: signedInSecurity,
        response: { 200: PayoutAccountResponse, ...errors },
      },
    },
    (request) => sales.account(request.viewer),
  );

  app.put(
    '/api/me/payout-account',
    {
      schema: {
        tags: ['sales'],
        summary: 'Set the payout bank account (e-mailed; pauses payouts for 48 hours)',
        security: signedInSecurity,
        body: PayoutAccountBody,
        response: { 200: PayoutAccountResponse, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    (request) => sales.setAccount(request.viewer, request.body),
  );

  app.post(
    '/api/me/payouts',
    {
      schema: {
        tags: ['sales'],
        summary: 'Request a payout of the whole available balance',
        security: signedInSecurity,
        response: { 201: PayoutResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await sales.requestPayout(request.viewer)),
  );

  app.get(
    '/api/admin/payouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payouts by state (requested ones oldest first)',
        security: signedInSecurity,
        querystring: AdminPayoutsQuery,
        response: { 200: AdminPayoutsResponse, ...errors },
      },
    },
    (request) => sales.adminPayouts(request.viewer, request.query.state),
  );

  app.get(
    '/api/admin/payouts.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The requested payouts as a CSV bank batch',
        security: signedInSecurity,
        response: { 200: CsvText, ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'flowbay-payouts.csv', await sales.adminPayoutsCsv(request.viewer)),
  );

  app.post(
    '/api/admin/payouts/:id/paid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a payout paid with the bank transfer reference (e-mails the seller)',
        security: signedInSecurity,
        params: PayoutIdParams,
        body: MarkPayoutPaidBody,
        response: { 200: AdminPayoutResponse, ...errors },
      },
    },
    (request) => sales.markPaid(request.viewer, request.params.id, request.body.transfer_ref),
  );

  app.post(
    '/api/admin/payouts/:id/failed',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a payout failed: the money returns to the balance (e-mails the seller)',
        security: signedInSecurity,
        params: PayoutIdParams,
        body: MarkPayoutFailedBody,
        response: { 200: AdminPayoutResponse, ...errors },
      },
    },
    (request) => sales.markFailed(request.viewer, request.params.id, request.body.reason),
  );

  app.get(
    '/api/admin/revenue',
    {
      schema: {
        tags: ['admin'],
        summary: 'Fees earned and refunds per month (12 months), pending payouts',
        security: signedInSecurity,
        response: { 200: AdminRevenue, ...errors },
      },
    },
    (request) => sales.adminRevenue(request.viewer),
  );
}
