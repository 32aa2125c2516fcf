import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { BankTransfer, PAYMENT_CALLBACK_ENDPOINTS, PaymentProviderId } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../jobs/queue.ts';

/** What a provider reads of an order: the order row itself, in its own names (amounts in whole đồng). */
export interface PaymentOrder {
  code: string;
  amount: number;
  workflowTitle: string;
  buyerEmail: string;
  buyerLanguage: 'en' | 'vi';
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
  providerRef: string | null;
  providerSession: string | null;
}

export interface CreatedPayment {
  /** Where the buyer's browser goes to pay. */
  redirectUrl: string;
  /** The provider's checkout session, when it has one (Stripe), kept as the order's providerSession. */
  session?: string;
}

/**
 * A callback as it arrived: VNPay's query string, or a raw body with its signature header (Stripe;
 * empty for payOS, which signs inside the body).
 */
export type CallbackInput =
  { kind: 'query'; query: Record<string, string> } | { kind: 'body'; rawBody: Buffer; signature: string };

/**
 * A callback after its provider checked it: invalid, or a provider-neutral report of a payment,
 * which the orders module settles the same way whoever sent it.
 */
export type VerifiedCallback =
  | { valid: false }
  | {
      valid: true;
      /** The order it is about; null when the event concerns no order of ours. */
      orderCode: string | null;
      amount: number | null;
      /** `cancelled`: the buyer gave up at the provider (settled like `failed`). */
      outcome: 'paid' | 'failed' | 'cancelled' | 'ignored';
      providerRef: string | null;
      /** What was received, without signatures, for the payment event log. */
      payload: Record<string, unknown>;
    };

export interface PaymentStatus {
  status: 'paid' | 'failed' | 'pending' | 'unknown';
  amount?: number;
  providerRef?: string | null;
  payload: Record<string, unknown>;
}

export interface PaymentContext {
  /** The buyer's address, which VNPay wants with every payment. */
  clientIp: string;
}

/** A configured payment provider (VNPay, Stripe, the built-in test gateway) behind one interface. */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** No real money moves (the test gateway, a sandbox). */
  readonly testMode: boolean;
  /**
   * How money goes back: `api` through `refund`; `manual` when the provider has none (payOS), so an
   * admin sends it by bank transfer and records it (`refunded-by-transfer`), and `refund` always throws.
   */
  readonly refunds: 'api' | 'manual';
  createPayment(order: PaymentOrder, context: PaymentContext): Promise<CreatedPayment>;
  /** Synchronous for VNPay and Stripe; payOS's SDK verifies a webhook asynchronously. */
  verifyCallback(input: CallbackInput): VerifiedCallback | Promise<VerifiedCallback>;
  queryStatus(order: PaymentOrder): Promise<PaymentStatus>;
  refund(order: PaymentOrder, reason: string, by: string): Promise<{ refundRef: string }>;
  /** Closes an unpaid checkout so it can no longer be paid (Stripe); a no-op where that cannot be done. */
  cancel(order: PaymentOrder): Promise<void>;
  /**
   * The bank transfer the buyer makes for a placed order, read back from what createPayment kept
   * (payOS's VietQR); providers paid on their own page have none.
   */
  bankTransfer?(order: PaymentOrder & { redirectUrl: string | null }): BankTransfer | null;
}

/** What applying a verified report did to its order. */
export type Settlement =
  | 'not_found'
  | 'amount_mismatch'
  | 'already_settled'
  | 'paid'
  | 'paid_late'
  | 'refund_queued'
  | 'failed'
  | 'ignored';

/** What became of one callback; its route's reply is made from this. */
export type CallbackOutcome =
  /** No configured provider answers this route. */
  | { status: 'unavailable' }
  /** It failed verification (it was counted as a rejected callback). */
  | { status: 'rejected' }
  | { status: 'settled'; settlement: Settlement }
  /** Settling it threw, on a route whose provider wants an answer anyway (`failures: 'reply'`). */
  | { status: 'failed' }
  /** A buyer's browser came back (a `return` route): shown, never settled. */
  | { status: 'returned'; orderCode: string; result: 'success' | 'cancelled' | 'failed' };

type CallbackKey = keyof typeof PAYMENT_CALLBACK_ENDPOINTS;
type CallbackAnswer<K extends CallbackKey> =
  (typeof PAYMENT_CALLBACK_ENDPOINTS)[K]['response'] extends z.ZodType
    ? z.input<(typeof PAYMENT_CALLBACK_ENDPOINTS)[K]['response']>
    : never;

/**
 * One callback route a provider owns, registered by `modules/orders/payments.routes.ts` for every
 * provider in the registry, and settled by the orders service's one `receiveCallback`.
 */
export interface CallbackRoute<K extends CallbackKey = CallbackKey> {
  /** Its line in the API contract (`PAYMENT_CALLBACK_ENDPOINTS` in packages/domain). */
  key: K;
  summary: string;
  /** Why anyone may call it without a session (its `access` is public): who calls it, what checks it. */
  publicBecause: string;
  /**
   * `ipn` or `webhook`: the provider's server reports a payment, which is settled; `return`: the
   * buyer's browser comes back, which is logged and shown, never settled.
   */
  kind: 'ipn' | 'webhook' | 'return';
  /**
   * Where the report is: the query string, or the raw body, signed in a header (Stripe) or inside
   * the body itself (payOS: no header).
   */
  input: { from: 'query' } | { from: 'body'; signatureHeader?: string };
  /** When settling throws: `reply` answers it through `reply` ({ status: 'failed' }); `retry` is a 500 the provider retries. */
  failures: 'reply' | 'retry';
  /** The error statuses `reply` may answer with (documented in OpenAPI). */
  errors?: readonly 400[];
  /** The answer the provider expects (it may throw an AppError, or redirect through `reply`). */
  reply(outcome: CallbackOutcome, reply: FastifyReply): CallbackAnswer<K> | FastifyReply;
}

/** A callback route with its contract key checked against its answer. */
export function callbackRoute<K extends CallbackKey>(route: CallbackRoute<K>): CallbackRoute {
  return route as unknown as CallbackRoute;
}

/** What a driver may read to build itself. */
export interface ProviderSettings {
  env: Env;
  db: Database;
  clock: Clock;
}

/**
 * One entry of the payment provider registry (`registry.ts`): how the provider is built from the
 * settings, and the callback routes it owns. Its names are in packages/domain (PAYMENT_PROVIDER_TABLE).
 */
export interface PaymentProviderDefinition<
  Id extends PaymentProviderId = PaymentProviderId,
  P extends PaymentProvider = PaymentProvider,
> {
  id: Id;
  /** The configured provider, or null when its settings are not set (then it is not offered). */
  configure(settings: ProviderSettings): P | null;
  /** Its callback routes: served whether it is configured or not (`unavailable` when not). */
  callbacks: readonly CallbackRoute[];
}

export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
