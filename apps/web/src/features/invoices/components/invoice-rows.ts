import type { TFunction } from 'i18next';
import type { InvoiceView } from '@flowbay/domain';
import type { DetailRow } from '@/components/ui/detail-rows';

/** The rows of a VAT invoice request as the buyer gave it: the company and where the invoice goes. */
export function requestRows(t: TFunction, invoice: InvoiceView): DetailRow[] {
  return [
    [t('invoices.company'), invoice.company_name],
    [t('invoices.taxCode'), invoice.tax_code],
    [t('invoices.address'), invoice.address],
    [t('invoices.email'), invoice.email],
  ];
}

/** The rows an issued invoice adds: its number and the code to look it up by (none before then). */
export function issuedRows(t: TFunction, invoice: InvoiceView): DetailRow[] {
  return [
    invoice.invoice_number !== null && [t('invoices.invoiceNumber'), invoice.invoice_number],
    invoice.lookup_code !== null && [t('invoices.lookupCode'), invoice.lookup_code],
  ];
}
