import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { defineModule, route } from '../../lib/modules.ts';
import { registerSalesListeners } from './sales.listeners.ts';
import { createSalesRepository } from './sales.repository.ts';
import { salesRoutes } from './sales.routes.ts';
import { createSalesService, type SalesService } from './sales.service.ts';
import { createTaxRepository } from './tax.repository.ts';
import { taxRoutes } from './tax.routes.ts';
import { createTaxService, type TaxService } from './tax.service.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** The sellers' ledger: sales, balances, payouts. */
    sales: SalesService;
    /** Tax withheld on sales: sellers' tax profiles, the monthly report, yearly statements. */
    tax: TaxService;
  }
}

/** The ledger: it books paid and refunded orders (listening in their transaction) and pays sellers. */
export const salesModule = defineModule({
  name: 'sales',
  needs: ['db', 'jobs', 'events', 'clock', 'env'],
  provides: ['sales', 'tax'],
  build: ({ db, jobs, events, clock, env }) => {
    const tax = createTaxService({
      repository: createTaxRepository(db),
      clock,
      secret: resolveAuthSecret(env),
      rates: {
        fee_percent: env.PLATFORM_FEE_PERCENT,
        vat_percent: env.TAX_VAT_PERCENT,
        pit_percent: env.TAX_PIT_PERCENT,
      },
    });
    return {
      tax,
      sales: createSalesService({
        repository: createSalesRepository(db),
        queue: jobs,
        events,
        clock,
        publicUrl: env.PUBLIC_URL,
        settings: {
          feePercent: env.PLATFORM_FEE_PERCENT,
          vatPercent: env.TAX_VAT_PERCENT,
          pitPercent: env.TAX_PIT_PERCENT,
          payoutMinimum: env.PAYOUT_MINIMUM,
          saleHoldDays: env.SALE_HOLD_DAYS,
          accountHoldHours: env.PAYOUT_ACCOUNT_HOLD_HOURS,
        },
        hasTaxProfile: tax.hasProfile,
      }),
    };
  },
  routes: ({ sales, tax }) => [route(salesRoutes, { sales }), route(taxRoutes, { tax })],
  listeners: (events, { sales, jobs, env }) =>
    registerSalesListeners(events, { sales, queue: jobs, publicUrl: env.PUBLIC_URL }),
});
