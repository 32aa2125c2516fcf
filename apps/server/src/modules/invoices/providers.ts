import type { Env } from '../../env.ts';
import type { InvoiceProvider } from './invoice-provider.ts';
import { createSepayEinvoiceProvider } from './sepay-einvoice.ts';

/** The driver `INVOICE_PROVIDER` names (`manual` unless set; env.ts checks SePay's settings are complete). */
export function createInvoiceProvider(env: Env, fetchImpl: typeof fetch = fetch): InvoiceProvider {
  if (env.INVOICE_PROVIDER === 'sepay') {
    return createSepayEinvoiceProvider(
      {
        baseUrl: env.SEPAY_EINVOICE_BASE_URL,
        clientId: env.SEPAY_EINVOICE_CLIENT_ID!,
        clientSecret: env.SEPAY_EINVOICE_CLIENT_SECRET!,
        providerAccountId: env.SEPAY_EINVOICE_PROVIDER_ACCOUNT_ID!,
        templateCode: env.SEPAY_EINVOICE_TEMPLATE_CODE,
        invoiceSeries: env.SEPAY_EINVOICE_SERIES,
      },
      fetchImpl,
    );
  }
  return { id: 'manual', automatic: false };
}
