import { defineModule, route } from '../../lib/modules.ts';
import { registerInvoicesListeners } from './invoices.listeners.ts';
import { createInvoicesRepository } from './invoices.repository.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { createInvoicesService, ISSUE_INVOICE_JOB } from './invoices.service.ts';
import { createInvoiceProvider } from './providers.ts';

/** VAT invoices for business buyers: requests on orders, the admins' queue, the provider's job. */
export const invoicesModule = defineModule({
  name: 'invoices',
  needs: ['db', 'jobs', 'clock', 'env'],
  provides: [],
  build: ({ db, jobs, clock, env }) => ({
    invoices: createInvoicesService({
      repository: createInvoicesRepository(db),
      provider: createInvoiceProvider(env),
      queue: jobs,
      clock,
      publicUrl: env.PUBLIC_URL,
      support: { email: env.SUPPORT_EMAIL, language: env.SUPPORT_LANGUAGE },
    }),
  }),
  routes: ({ invoices }) => [route(invoicesRoutes, { invoices })],
  jobs: ({ invoices }) => ({
    [ISSUE_INVOICE_JOB]: (payload, job) => invoices.issueJob(String(payload.orderId), job),
  }),
  listeners: (events, { invoices }) => registerInvoicesListeners(events, { invoices }),
});
