import type { FastifyInstance } from 'fastify';
import { SellerIdParams } from '@flowbay/domain';
import { adminRoutes, contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import { sendCsvDownload } from '../../lib/csv-download.ts';
import type { TaxService } from './tax.service.ts';

/** Tax withheld on sales (decision 0150): the seller's tax profile and statement, the admins' report. */
export async function taxRoutes(root: FastifyInstance, { tax }: { tax: TaxService }) {
  const route = contractRoutes(root, { tags: ['sales'], access: 'signed-in', errors: SIGNED_IN_ERRORS });
  const admin = adminRoutes(root, SellerIdParams.shape);

  route('GET /api/selling-rates', {
    summary: 'The platform fee and the VAT and PIT withheld from a sale, in percent',
    access: { kind: 'public', reason: 'the rates are the same for every seller and stated in the README' },
    errors: [],
    handler: (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(tax.rates()),
  });

  route('GET /api/me/tax-profile', {
    summary: "The caller's tax profile, the tax code or national ID masked",
    handler: (request) => tax.profile(request.viewer),
  });

  route('PUT /api/me/tax-profile', {
    summary: 'Declare who the caller is for the tax office (kind, legal name, tax code or ID, address)',
    config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    handler: (request) => tax.setProfile(request.viewer, request.body),
  });

  route('GET /api/me/tax-statement', {
    summary: "The caller's yearly statement of the VAT and PIT withheld from their sales",
    handler: (request) => tax.statement(request.viewer, request.query.year),
  });

  admin('GET /api/admin/tax-report', {
    summary: 'Per seller: gross, VAT and PIT withheld in a month, with totals',
    handler: (request) => tax.report(request.viewer, request.query.month),
  });

  admin('GET /api/admin/tax-report.csv', {
    summary: 'The monthly tax report as CSV (amounts as plain integers)',
    handler: async (request, reply) =>
      sendCsvDownload(
        reply,
        `flowbay-tax-${request.query.month}.csv`,
        await tax.reportCsv(request.viewer, request.query.month),
      ),
  });

  admin('GET /api/admin/sellers/:id/tax-statement', {
    summary: "A seller's yearly withholding statement with the tax code in full (admins only)",
    handler: (request) => tax.adminStatement(request.viewer, request.params.id, request.query.year),
  });
}
