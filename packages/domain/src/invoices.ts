import { z } from 'zod';

/**
 * VAT invoices for business buyers (hóa đơn GTGT, decision 0151): what a buyer asks for on an order,
 * and the admins' queue of invoices to issue or to adjust after a refund.
 */

/** A Vietnamese tax code (mã số thuế): 10 digits, or 10 digits, a hyphen and 3 for a branch. */
export const TAX_CODE_PATTERN = /^\d{10}(-\d{3})?$/;

export function isTaxCode(value: string): boolean {
  return TAX_CODE_PATTERN.test(value.trim());
}

export const INVOICE_LIMITS = { companyMax: 200, addressMax: 300, emailMax: 254, numberMax: 40 } as const;

/**
 * The buyer's request. The tax code's shape is checked by the service, so a wrong one answers its
 * own code (INVALID_TAX_CODE) with a message the buyer can act on.
 */
export const InvoiceRequestInput = z.object({
  company_name: z.string().trim().min(1).max(INVOICE_LIMITS.companyMax),
  tax_code: z.string().trim().min(1).max(20),
  address: z.string().trim().min(1).max(INVOICE_LIMITS.addressMax),
  email: z.string().trim().max(INVOICE_LIMITS.emailMax).pipe(z.email()),
});
export type InvoiceRequestInput = z.infer<typeof InvoiceRequestInput>;

/**
 * Where a request stands: `requested` until the order is paid, then `pending` (waiting for an admin,
 * or for the provider's job), `issued`, or `failed` (the provider refused it; an admin takes over).
 */
export const INVOICE_STATES = ['requested', 'pending', 'issued', 'failed'] as const;
export const InvoiceState = z.enum(INVOICE_STATES);
export type InvoiceState = z.infer<typeof InvoiceState>;

export const INVOICE_PROVIDERS = ['manual', 'sepay'] as const;
export type InvoiceProviderId = (typeof INVOICE_PROVIDERS)[number];

/** The request as its buyer sees it on the order's receipt. */
export const InvoiceView = z.object({
  order_code: z.string(),
  company_name: z.string(),
  tax_code: z.string(),
  address: z.string(),
  email: z.string(),
  state: InvoiceState,
  invoice_number: z.string().nullable(),
  lookup_code: z.string().nullable(),
  issued_at: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof InvoiceView>;

export const OrderInvoiceResponse = z.object({ invoice: InvoiceView.nullable() });
export type OrderInvoiceResponse = z.infer<typeof OrderInvoiceResponse>;

/** An admin issues by hand: the number and lookup code the e-invoice software gave. */
export const IssueInvoiceInput = z.object({
  invoice_number: z.string().trim().min(1).max(INVOICE_LIMITS.numberMax),
  lookup_code: z.string().trim().min(1).max(INVOICE_LIMITS.numberMax),
});
export type IssueInvoiceInput = z.infer<typeof IssueInvoiceInput>;

/** `open`: what needs an admin (to issue, or to adjust after a refund); `all`: every request. */
export const AdminInvoicesQuery = z.object({ view: z.enum(['open', 'all']).default('open') });
export type AdminInvoicesQuery = z.infer<typeof AdminInvoicesQuery>;

export const AdminInvoice = InvoiceView.extend({
  order_state: z.string(),
  amount: z.number().int(),
  workflow_title: z.string(),
  buyer_email: z.string(),
  provider: z.enum(INVOICE_PROVIDERS),
  last_error: z.string().nullable(),
  /** The order was refunded after its invoice was issued: an adjustment invoice is due. */
  adjustment_due: z.boolean(),
  adjusted_at: z.string().nullable(),
  requested_at: z.string(),
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;

export const AdminInvoicesResponse = z.object({ items: z.array(AdminInvoice) });
export type AdminInvoicesResponse = z.infer<typeof AdminInvoicesResponse>;

export const AdminInvoiceResponse = z.object({ invoice: AdminInvoice });
export type AdminInvoiceResponse = z.infer<typeof AdminInvoiceResponse>;
