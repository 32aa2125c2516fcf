import type { InvoiceView } from '@flowbay/domain';

/**
 * A buyer's VAT invoice request as the API answers it, for the web tests: a company's details,
 * not issued yet. `overrides` set what a test is about.
 */
export function requestedInvoice(code: string, overrides: Partial<InvoiceView> = {}): InvoiceView {
  return {
    order_code: code,
    company_name: 'Công ty TNHH Quy Trình',
    tax_code: '0101234567',
    address: '1 Tràng Tiền, Hà Nội',
    email: 'ketoan@quytrinh.test',
    state: 'pending',
    invoice_number: null,
    lookup_code: null,
    issued_at: null,
    ...overrides,
  };
}
