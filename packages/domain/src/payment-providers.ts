import { z } from 'zod';
import type { Language } from './price.ts';

/** What a payment provider is called, in one language. */
export interface PaymentProviderNames {
  /** At checkout, where the buyer picks one (it may say what the provider accepts). */
  choice: string;
  /** On an order: the receipt page, the buyer's purchases, the admin lists. */
  name: string;
  /** In the receipt e-mail. */
  receipt: string;
}

/**
 * Every payment provider, in the order a buyer is offered them, with its names in both languages.
 * The server's registry (`apps/server/src/infra/payments/providers.ts`) must have a driver for each id,
 * and the web shows these names (docs/architecture.md, "Adding a payment provider").
 */
export const PAYMENT_PROVIDER_TABLE = {
  vnpay: {
    en: { choice: 'VNPay (ATM card, QR, e-wallet)', name: 'VNPay', receipt: 'VNPay' },
    vi: { choice: 'VNPay (thẻ ATM, QR, ví điện tử)', name: 'VNPay', receipt: 'VNPay' },
  },
  test: {
    en: {
      choice: 'Test gateway',
      name: 'Test gateway (no money moves)',
      receipt: 'Test payment (no money moved)',
    },
    vi: {
      choice: 'Cổng thanh toán thử',
      name: 'Cổng thanh toán thử (không có tiền thật)',
      receipt: 'Thanh toán thử (không có tiền thật)',
    },
  },
  stripe: {
    en: { choice: 'Card (Stripe)', name: 'Card (Stripe)', receipt: 'Card (Stripe)' },
    vi: { choice: 'Thẻ quốc tế (Stripe)', name: 'Thẻ quốc tế (Stripe)', receipt: 'Thẻ (Stripe)' },
  },
  payos: {
    en: {
      choice: 'VietQR bank transfer (payOS)',
      name: 'VietQR bank transfer (payOS)',
      receipt: 'Bank transfer (VietQR, payOS)',
    },
    vi: {
      choice: 'Chuyển khoản ngân hàng qua mã VietQR (payOS)',
      name: 'Chuyển khoản VietQR (payOS)',
      receipt: 'Chuyển khoản ngân hàng (VietQR, payOS)',
    },
  },
} as const satisfies Record<string, Record<Language, PaymentProviderNames>>;

export type PaymentProviderId = keyof typeof PAYMENT_PROVIDER_TABLE;
export const PAYMENT_PROVIDERS = Object.keys(PAYMENT_PROVIDER_TABLE) as [
  PaymentProviderId,
  ...PaymentProviderId[],
];
export const PaymentProviderId = z.enum(PAYMENT_PROVIDERS);

/** A provider's name in a language (English unless `vi`) and form; an unknown id is shown as it is. */
export function paymentProviderName(id: string, language: string, form: keyof PaymentProviderNames): string {
  const names: Partial<Record<string, Record<Language, PaymentProviderNames>>> = PAYMENT_PROVIDER_TABLE;
  return names[id]?.[language === 'vi' ? 'vi' : 'en'][form] ?? id;
}

// ── What the providers' callbacks answer ────────────────────────────────────

/** VNPay's IPN answer contract (the test gateway speaks VNPay's protocol). */
export const VNPAY_RSP_CODES = ['00', '01', '02', '04', '97', '99'] as const;
export const VnpayIpnResponse = z.object({ RspCode: z.enum(VNPAY_RSP_CODES), Message: z.string() });
export type VnpayIpnResponse = z.infer<typeof VnpayIpnResponse>;

export const StripeWebhookAck = z.object({ received: z.literal(true) });

/** payOS counts a webhook delivered on any 2xx; the JSON is what its documentation's examples answer. */
export const PayosWebhookAck = z.object({ success: z.literal(true) });

/**
 * The providers' callback routes in the API contract (`endpoints.ts` spreads them in): each
 * provider's driver registers its own under these keys.
 */
export const PAYMENT_CALLBACK_ENDPOINTS = {
  'GET /api/payments/vnpay/ipn': { response: VnpayIpnResponse },
  'GET /api/payments/vnpay/return': { response: null },
  'POST /api/payments/stripe/webhook': { response: StripeWebhookAck },
  'POST /api/payments/payos/webhook': { response: PayosWebhookAck },
} as const;
