import { defineModule, route } from '../../lib/modules.ts';
import { registerSalesListeners } from './sales.listeners.ts';
import { createSalesRepository } from './sales.repository.ts';
import { salesRoutes } from './sales.routes.ts';
import { createSalesService, type SalesService } from './sales.service.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** The sellers' ledger: sales, balances, payouts. */
    sales: SalesService;
  }
}

/** The ledger: it books paid and refunded orders (listening in their transaction) and pays sellers. */
export const salesModule = defineModule({
  name: 'sales',
  needs: ['db', 'jobs', 'events', 'clock', 'env'],
  provides: ['sales'],
  build: ({ db, jobs, events, clock, env }) => ({
    sales: createSalesService({
      repository: createSalesRepository(db),
      queue: jobs,
      events,
      clock,
      publicUrl: env.PUBLIC_URL,
      settings: {
        feePercent: env.PLATFORM_FEE_PERCENT,
        payoutMinimum: env.PAYOUT_MINIMUM,
        saleHoldDays: env.SALE_HOLD_DAYS,
        accountHoldHours: env.PAYOUT_ACCOUNT_HOLD_HOURS,
      },
    }),
  }),
  routes: ({ sales }) => [route(salesRoutes, { sales })],
  listeners: (events, { sales, jobs, env }) =>
    registerSalesListeners(events, { sales, queue: jobs, publicUrl: env.PUBLIC_URL }),
});
