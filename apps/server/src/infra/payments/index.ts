import type { PaymentProviderId } from '@flowbay/domain';

/** What a provider needs to know about an order (a snapshot; amounts in whole đồng). */
/** What a provider reads of an order: the order row itself, in its own names. */
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
  /** The provider's checkout session, when it has one (Stripe). */
  session?: string;
}

/** A callback as it arrived: VNPay's query string, or Stripe's raw body and signature header. */
export type CallbackInput =
  { kind: 'query'; query: Record<string, string> } | { kind: 'body'; rawBody: Buffer; signature: string };

export type VerifiedCallback =
  | { valid: false }
  | {
      valid: true;
      /** The order it is about; null when the event concerns no order of ours. */
      orderCode: string | null;
      amount: number | null;
      outcome: 'paid' | 'failed' | 'ignored';
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

/** One payment provider (VNPay, Stripe, the built-in test gateway) behind one interface. */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** No real money moves (the test gateway, a sandbox). */
  readonly testMode: boolean;
  createPayment(order: PaymentOrder, context: PaymentContext): Promise<CreatedPayment>;
  verifyCallback(input: CallbackInput): VerifiedCallback;
  queryStatus(order: PaymentOrder): Promise<PaymentStatus>;
  refund(order: PaymentOrder, reason: string, by: string): Promise<{ refundRef: string }>;
  /** Closes an unpaid checkout so it can no longer be paid (Stripe); a no-op where that cannot be done. */
  cancel(order: PaymentOrder): Promise<void>;
}

export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
