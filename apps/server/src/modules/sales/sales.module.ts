import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { sealingKeys } from '../../infra/sealed-text.ts';
import { createPayosPayouts } from '../../infra/payments/payos-payouts.ts';
import { defineModule, route } from '../../lib/modules.ts';
import { recordAuditAll, type AuditEntry } from '../audit/index.ts';
import { payosPayoutsSweep } from './payos-payouts.sweep.ts';
import { upkeepSweep } from '../../plugins/sweeps.ts';

import { registerSalesListeners } from './sales.listeners.ts';
import { createSalesRepository } from './sales.repository.ts';
import { salesRoutes } from './sales.routes.ts';
import { CHECK_PAYOS_PAYOUTS_JOB, createSalesService, type SalesService } from './sales.service.ts';
import { createTaxRepository } from './tax.repository.ts';
import { taxRoutes } from './tax.routes.ts';
import { createTaxService, type TaxService } from './tax.service.ts';

const HOUR = 60 * 60 * 1000;

declare module '../../lib/modules.ts' {
  interface Provided {
    /** The sellers' ledger: sales, balances, payouts. */
    sales: SalesService;
    /** Tax withheld on sales: sellers' tax profiles, the monthly report, yearly statements. */
    tax: TaxService;
  }
}

/**
 * The ledger: it books paid and refunded orders (listening in their transaction) and pays sellers,
 * through payOS's payout channel when PAYOS_PAYOUT_* are set. Once started, and hourly, it seals the
 * bank account numbers still in clear (rows from before decision 0154).
 */
export const salesModule = defineModule({
  name: 'sales',
  needs: ['db', 'jobs', 'events', 'clock', 'env', 'log'],
  provides: ['sales', 'tax'],
  build: async ({ db, jobs, events, clock, env, log }) => {
    const keys = sealingKeys(env, resolveAuthSecret(env));
    const repository = createSalesRepository(db);
    const recordViews = (entries: AuditEntry[]) => recordAuditAll(db, entries);
    const payouts =
      env.PAYOS_PAYOUT_CLIENT_ID && env.PAYOS_PAYOUT_API_KEY && env.PAYOS_PAYOUT_CHECKSUM_KEY
        ? createPayosPayouts({
            clientId: env.PAYOS_PAYOUT_CLIENT_ID,
            apiKey: env.PAYOS_PAYOUT_API_KEY,
            checksumKey: env.PAYOS_PAYOUT_CHECKSUM_KEY,
            baseUrl: env.PAYOS_BASE_URL,
          })
        : undefined;
    const tax = createTaxService({
      repository: createTaxRepository(db),
      clock,
      keys,
      recordViews,
      rates: {
        fee_percent: env.PLATFORM_FEE_PERCENT,
        vat_percent: env.TAX_VAT_PERCENT,
        pit_percent: env.TAX_PIT_PERCENT,
      },
    });
    return {
      tax,
      sales: createSalesService({
        repository,
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
        keys,
        payouts,
        log,
        recordViews,
      }),
    };
  },
  routes: ({ sales, tax, env }) => [
    route(salesRoutes, { sales }),
    route(taxRoutes, { tax }),
    env.NODE_ENV !== 'test' && Boolean(env.PAYOS_PAYOUT_CLIENT_ID) && route(payosPayoutsSweep, { sales }),
    env.NODE_ENV !== 'test' &&
      route(upkeepSweep, {
        what: 'sealed bank account numbers stored in clear',
        everyMs: HOUR,
        run: sales.sealClearAccountNumbers,
      }),
  ],
  jobs: ({ sales }) => ({
    [CHECK_PAYOS_PAYOUTS_JOB]: () => sales.checkSendingPayouts(),
  }),
  listeners: (events, { sales, jobs, env }) =>
    registerSalesListeners(events, { sales, queue: jobs, publicUrl: env.PUBLIC_URL }),
});
