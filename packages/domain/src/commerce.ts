import { z } from 'zod';
import { UserContact } from './common.ts';
import { InvoiceRequestInput } from './invoices.ts';
import { LicenceTier, discountCodeText } from './licences.ts';
import { pageNumber } from './paging.ts';
import { PaymentProviderId } from './payment-providers.ts';
import { VALIDATION_KEYS } from './publishing.ts';

/** Buying (issue 11): orders, entitlements, receipts and refunds. Amounts are whole đồng. */

export const ORDER_STATES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export const OrderState = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderState>;

/**
 * A verified payment that did not simply pay a pending order: paid after its order closed, for a
 * workflow the buyer already owns, for one no longer for sale, by an account deleted since, or for
 * another amount than the order's (a short or over bank transfer).
 */
export const PAYMENT_INCIDENT_KINDS = [
  'late_payment',
  'already_owned',
  'workflow_unavailable',
  'buyer_deleted',
  'amount_mismatch',
] as const;
export const PaymentIncidentKind = z.enum(PAYMENT_INCIDENT_KINDS);
export type PaymentIncidentKind = z.infer<typeof PaymentIncidentKind>;
/**
 * How it ended: the entitlement, or a refund (automatic: queued, done, or failed and waiting for an
 * admin; or held: a payment for another amount, which an admin sends back by hand).
 */
export const PAYMENT_INCIDENT_OUTCOMES = [
  'fulfilled',
  'refund_pending',
  'refunded',
  'refund_failed',
  'held',
] as const;
export const PaymentIncidentOutcome = z.enum(PAYMENT_INCIDENT_OUTCOMES);
export type PaymentIncidentOutcome = z.infer<typeof PaymentIncidentOutcome>;

export const REFUND_REQUEST_STATES = ['open', 'approved', 'declined'] as const;
export const RefundRequestState = z.enum(REFUND_REQUEST_STATES);
export type RefundRequestState = z.infer<typeof RefundRequestState>;

/** A pending order expires after this long (VNPay's payment timeout). */
export const ORDER_TTL_MINUTES = 15;
/** A buyer may ask for a refund this many days after paying. */
export const REFUND_WINDOW_DAYS = 7;
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const REFUND_REASON_MAX = 1000;

/**
 * Order codes a person can read out: `FB-XXXX-XXXX` from an alphabet without 0/O/1/I.
 * Lower case and missing dashes are accepted on input and normalised.
 */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ORDER_CODE_RE =
  /^FB-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/;

export function normalizeOrderCode(input: string): string {
  const bare = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/^FB/, '');
  return bare.length === 8 ? `FB-${bare.slice(0, 4)}-${bare.slice(4)}` : input.toUpperCase();
}

export const OrderCodeParams = z.object({ code: z.string().trim().max(32).transform(normalizeOrderCode) });

// ── Requests ────────────────────────────────────────────────────────────────

export const CreateOrderBody = z
  .object({
    /** The workflow bought; left out (empty) when a bundle is bought instead. */
    workflow_id: z.string().trim().max(64).default(''),
    /** A bundle bought instead of one workflow (decision on bundles): every item not owned yet. */
    bundle_id: z.string().trim().min(1).max(64).optional(),
    provider: PaymentProviderId,
    /** A VAT invoice asked for at checkout: saved with the order, in the same transaction. */
    invoice: InvoiceRequestInput.optional(),
    /** The licence tier bought (Personal when absent); owning a lower tier makes it an upgrade. */
    licence: LicenceTier.optional(),
    /** A discount code of the workflow's seller. */
    discount_code: discountCodeText.optional(),
  })
  .refine((body) => Boolean(body.workflow_id) !== Boolean(body.bundle_id), {
    message: 'Name either a workflow_id or a bundle_id',
    path: ['workflow_id'],
  });
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

const reason = z
  .string({ error: VALIDATION_KEYS.reasonRequired })
  .trim()
  .min(1, { error: VALIDATION_KEYS.reasonRequired })
  .max(REFUND_REASON_MAX, { error: VALIDATION_KEYS.detailsMax });

export const RefundRequestBody = z.object({ reason });
export type RefundRequestBody = z.infer<typeof RefundRequestBody>;
/** Body of the admin's refund and decline (a reason is required for both). */
export const RefundDecisionBody = z.object({ reason });
export type RefundDecisionBody = z.infer<typeof RefundDecisionBody>;

/** An admin says the money went back by a bank transfer they made (providers without a refund API). */
export const RefundedByTransferBody = z.object({
  transfer_ref: z.string().trim().min(1).max(64),
  reason: z.string().trim().max(1000).optional(),
});
export type RefundedByTransferBody = z.infer<typeof RefundedByTransferBody>;

export const AdminOrdersQuery = z.object({
  q: z.string().trim().max(200).optional(),
  state: OrderState.optional(),
  page: pageNumber(),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const TestGatewayCompleteBody = z.object({
  params: z.record(z.string(), z.string()),
  outcome: z.enum(['pay', 'cancel']),
});
export type TestGatewayCompleteBody = z.infer<typeof TestGatewayCompleteBody>;

/** The test gateway's "Simulate the bank transfer" for a VietQR order it plays payOS for. */
export const TestGatewayTransferBody = z.object({ order_code: z.string().max(40) });
export type TestGatewayTransferBody = z.infer<typeof TestGatewayTransferBody>;

// ── Responses ───────────────────────────────────────────────────────────────

export const PaymentProviders = z.object({
  providers: z.array(z.object({ id: PaymentProviderId, test_mode: z.boolean() })),
});
export type PaymentProviders = z.infer<typeof PaymentProviders>;

export const RefundRequestSummary = z.object({
  state: RefundRequestState,
  reason: z.string(),
  decision_reason: z.string().nullable(),
  created_at: z.string(),
});
export type RefundRequestSummary = z.infer<typeof RefundRequestSummary>;

export const OrderSummary = z.object({
  code: z.string(),
  state: OrderState,
  amount: z.number().int(),
  currency: z.literal('VND'),
  provider: PaymentProviderId,
  workflow: z.object({
    id: z.string(),
    number: z.number().int(),
    title: z.string(),
    slug: z.string(),
    deleted: z.boolean(),
  }),
  seller: z.object({ id: z.string(), name: z.string() }),
  /** The buyer's name as the order snapshotted it, so the receipt still names them if they rename. */
  buyer_name: z.string(),
  /** The licence bought; an upgrade names the tier it replaced. */
  licence: LicenceTier,
  upgrade_from: LicenceTier.nullable(),
  /** The tier's list price when ordered (the amount before an upgrade's credit and a discount). */
  list_price: z.number().int(),
  discount_code: z.string().nullable(),
  discount_amount: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  expires_at: z.string(),
  refunded_at: z.string().nullable(),
  provider_ref: z.string().nullable(),
  refund_request: RefundRequestSummary.nullable(),
  can_request_refund: z.boolean(),
  /** A payment that reached this order after it closed, or for a workflow already owned (decision 0136). */
  payment_incident: z
    .object({
      kind: PaymentIncidentKind,
      outcome: PaymentIncidentOutcome,
      /** What a short or over payment brought in (amount_mismatch only). */
      received_amount: z.number().int().nullable(),
    })
    .nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const AdminOrder = OrderSummary.extend({
  buyer: UserContact,
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/**
 * A bank transfer the buyer makes by scanning a VietQR code (payOS): what the order page shows so
 * they can pay without leaving Flowbay. `qr_code` is the VietQR (EMVCo) text to draw as a QR code;
 * `checkout_url` is the provider's own page for the same payment.
 */
export const BankTransfer = z.object({
  checkout_url: z.string(),
  qr_code: z.string(),
  bank_bin: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  /** Whole đồng. */
  amount: z.number().int(),
  /** The transfer content the bank app fills in; it names the order. */
  description: z.string(),
  /** The built-in test gateway played payOS: no bank is involved and no money can move. */
  test_mode: z.boolean(),
});
export type BankTransfer = z.infer<typeof BankTransfer>;

export const CreateOrderResponse = z.object({
  order: OrderSummary,
  redirect_url: z.string(),
  /** Only for a provider paid by a VietQR bank transfer (payOS). */
  bank_transfer: BankTransfer.optional(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

export const OrderResponse = z.object({
  order: OrderSummary,
  /**
   * The VietQR transfer still to make, for the order's own buyer while it is pending (payOS), so the
   * order page shows it again after a reload; never for anyone else or once the order is closed.
   */
  bank_transfer: BankTransfer.optional(),
});
export type OrderResponse = z.infer<typeof OrderResponse>;

export const Purchase = z.object({
  order: OrderSummary,
  /** The licence held now (the order's, or a later paid upgrade's). */
  licence: LicenceTier,
  /**
   * The higher tiers the workflow sells now, each with the difference an upgrade costs before a
   * discount code (empty when none is higher, or the workflow is no longer for sale).
   */
  upgrades: z.array(z.object({ tier: LicenceTier, amount: z.number().int() })),
  workflow: z.object({
    id: z.string(),
    number: z.number().int(),
    title: z.string(),
    slug: z.string(),
    platform: z.string().nullable(),
    latest_version: z.string(),
    deleted: z.boolean(),
  }),
});
export type Purchase = z.infer<typeof Purchase>;
export const PurchasesResponse = z.object({ purchases: z.array(Purchase) });
export type PurchasesResponse = z.infer<typeof PurchasesResponse>;

export const AdminOrdersResponse = z.object({ orders: z.array(AdminOrder), total: z.number().int() });
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;
/**
 * The ways a signed-in user takes a workflow's file (decision 0158): the download button, "Send to my
 * n8n", "Send to Make", n8n's template import (the n8n templates API with their library key), the MCP
 * endpoint. Each is recorded with its time: what a refund decision weighs.
 */
export const DOWNLOAD_EVENT_KINDS = [
  'file',
  'copy',
  'send_to_n8n',
  'send_to_make',
  'n8n_import',
  'mcp',
] as const;
export const DownloadEventKind = z.enum(DOWNLOAD_EVENT_KINDS);
export type DownloadEventKind = z.infer<typeof DownloadEventKind>;

/**
 * A workflow file's query: `preview=1` is the detail page's own preview, served under the same
 * entitlement and never counted as a download nor recorded as a take.
 */
export const DownloadQuery = z.object({ preview: z.enum(['1']).optional() });
export type DownloadQuery = z.infer<typeof DownloadQuery>;

/** A take of the file the page already holds from its preview: its Copy JSON or Download JSON button. */
export const TakenInput = z.object({
  kind: z.enum(['copy', 'file']),
  version_id: z.string().min(1).max(64).optional(),
});
export type TakenInput = z.infer<typeof TakenInput>;
export const TakenAnswer = z.object({ recorded: z.literal(true) });
export type TakenAnswer = z.infer<typeof TakenAnswer>;

/** A seller may answer a refund request on their listing this many hours after it was made. */
export const REFUND_ANSWER_HOURS = 48;

/** The seller's answer: accept the refund, or contest it with a reason the admin reads. */
export const SellerRefundAnswerBody = z
  .object({
    accept: z.boolean(),
    reason: z
      .string()
      .trim()
      .max(REFUND_REASON_MAX, { error: VALIDATION_KEYS.detailsMax })
      .optional()
      .transform((value) => value || undefined),
  })
  .refine((body) => body.accept || body.reason !== undefined, {
    error: VALIDATION_KEYS.reasonRequired,
    path: ['reason'],
  });
export type SellerRefundAnswerBody = z.input<typeof SellerRefundAnswerBody>;

export const RefundRequestIdParams = z.object({ id: z.uuid() });

export const SellerRefundAnswer = z.object({
  accepted: z.boolean(),
  reason: z.string().nullable(),
  answered_at: z.string(),
});
export type SellerRefundAnswer = z.infer<typeof SellerRefundAnswer>;

/** An open refund request on one of the caller's listings, as the seller sees it. */
export const SellerRefundRequest = z.object({
  /** The request's id (its order's). */
  id: z.string(),
  order_code: z.string(),
  workflow: z.object({ id: z.string(), number: z.number().int(), title: z.string(), slug: z.string() }),
  amount: z.number().int(),
  buyer_name: z.string(),
  reason: z.string(),
  created_at: z.string(),
  /** When the seller can no longer answer. */
  answer_due_at: z.string(),
  answer: SellerRefundAnswer.nullable(),
});
export type SellerRefundRequest = z.infer<typeof SellerRefundRequest>;
export const SellerRefundRequestsResponse = z.object({ requests: z.array(SellerRefundRequest) });
export type SellerRefundRequestsResponse = z.infer<typeof SellerRefundRequestsResponse>;
export const SellerRefundRequestResponse = z.object({ request: SellerRefundRequest });
export type SellerRefundRequestResponse = z.infer<typeof SellerRefundRequestResponse>;

/** One time the buyer took the file they want refunded. */
export const DownloadEvidence = z.object({
  kind: DownloadEventKind,
  at: z.string(),
  version: z.string().nullable(),
});
export type DownloadEvidence = z.infer<typeof DownloadEvidence>;

/** An open request in the admins' queue: the order, the seller's answer and the buyer's downloads. */
export const AdminRefundRequest = AdminOrder.extend({
  answer_due_at: z.string(),
  seller_answer: SellerRefundAnswer.nullable(),
  /** Every download, send or import of the workflow by the buyer, oldest first. */
  downloads: z.array(DownloadEvidence),
  /**
   * Days (YYYY-MM-DD) the buyer downloaded it according to the per-day count, which holds downloads
   * from before each one was recorded with its time and kind.
   */
  download_days: z.array(z.string()),
});
export type AdminRefundRequest = z.infer<typeof AdminRefundRequest>;
export const AdminRefundRequestsResponse = z.object({ orders: z.array(AdminRefundRequest) });
export type AdminRefundRequestsResponse = z.infer<typeof AdminRefundRequestsResponse>;

export const AdminPaymentIncidentsQuery = z.object({ page: pageNumber() });
export type AdminPaymentIncidentsQuery = z.infer<typeof AdminPaymentIncidentsQuery>;

/** A payment that did not simply pay a pending order, and how it ended (for admins). */
export const AdminPaymentIncident = z.object({
  order_code: z.string(),
  kind: PaymentIncidentKind,
  outcome: PaymentIncidentOutcome,
  /** The order's state when the payment arrived, and now. */
  order_state_before: OrderState,
  order_state: OrderState,
  amount: z.number().int(),
  currency: z.literal('VND'),
  provider: PaymentProviderId,
  provider_ref: z.string().nullable(),
  workflow: z.object({ id: z.string(), title: z.string() }),
  buyer: UserContact,
  refund_attempts: z.number().int(),
  last_error: z.string().nullable(),
  refund_ref: z.string().nullable(),
  /** What a short or over payment brought in: the amount to send back (amount_mismatch only). */
  received_amount: z.number().int().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type AdminPaymentIncident = z.infer<typeof AdminPaymentIncident>;
export const AdminPaymentIncidentsResponse = z.object({
  incidents: z.array(AdminPaymentIncident),
  total: z.number().int(),
});
export type AdminPaymentIncidentsResponse = z.infer<typeof AdminPaymentIncidentsResponse>;

export const TestGatewaySession = z.object({
  valid: z.boolean(),
  order_code: z.string().nullable(),
  amount: z.number().int().nullable(),
  order_info: z.string().nullable(),
  return_url: z.string().nullable(),
});
export type TestGatewaySession = z.infer<typeof TestGatewaySession>;
export const TestGatewayCompleteResponse = z.object({ redirect_url: z.string() });
export type TestGatewayCompleteResponse = z.infer<typeof TestGatewayCompleteResponse>;
/** `delivered`: Flowbay's webhook route accepted the stand-in's signed webhook. */
export const TestGatewayTransferResponse = z.object({ delivered: z.boolean() });
export type TestGatewayTransferResponse = z.infer<typeof TestGatewayTransferResponse>;

/**
 * What a buyer needs to decide before buying a paid workflow, by public name only (never credential
 * names the author gave, never node names). `GET /api/workflows/{id}` answers it as `buyer_summary`
 * for paid workflows (null for free ones, whose full file is public anyway).
 */
export const BuyerSummary = z.object({
  platform: z.string().nullable(),
  /** Third-party apps and services used, with the key the web maps to an icon. */
  apps: z.array(z.object({ key: z.string(), name: z.string() })),
  node_count: z.number().int(),
  /** Public app names of the credentials it needs (e.g. "Slack", "Google Sheets"). */
  credentials: z.array(z.string()),
  /** Community packages (npm names) the workflow needs installed. */
  community_packages: z.array(z.string()),
  tested_with: z.string().nullable(),
  /** Approved versions, newest first. */
  versions: z.array(z.object({ version: z.string(), created_at: z.string() })),
});
export type BuyerSummary = z.infer<typeof BuyerSummary>;

/** An admin's refund decision answers with the order as the admin list shows it. */
export const AdminOrderResponse = z.object({ order: AdminOrder });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;
