import { randomUUID } from 'node:crypto';
import { VNPay } from 'vnpay';
import type { PaymentProviderId, VnpayIpnResponse } from '@flowbay/domain';
import { normalizeOrderCode } from '@flowbay/domain';
import {
  PaymentProviderError,
  callbackRoute,
  type CallbackInput,
  type CallbackOutcome,
  type PaymentProvider,
  type PaymentProviderDefinition,
  type PaymentStatus,
  type Settlement,
  type VerifiedCallback,
} from './index.ts';

export interface VnpayConfig {
  id: Extract<PaymentProviderId, 'vnpay' | 'test'>;
  tmnCode: string;
  hashSecret: string;
  /** The payment page, e.g. https://sandbox.vnpayment.vn/paymentv2/vpcpay.html. */
  paymentUrl: string;
  /** The host of merchant_webapi (querydr, refund). */
  apiUrl?: string;
  /** Our own public address: the return URL is built from it. */
  publicUrl: string;
  testMode: boolean;
}

/** VNPay's TxnRef: the order code without dashes (letters and digits only). */
export function txnRefOf(code: string): string {
  return code.replace(/-/g, '');
}

const GMT7_MS = 7 * 60 * 60 * 1000;

/** VNPay's yyyyMMddHHmmss in Vietnam's time (GMT+7), whatever the server's own time zone. */
export function vnpayDate(date: Date): number {
  const shifted = new Date(date.getTime() + GMT7_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return Number(
    `${shifted.getUTCFullYear()}${pad(shifted.getUTCMonth() + 1)}${pad(shifted.getUTCDate())}` +
      `${pad(shifted.getUTCHours())}${pad(shifted.getUTCMinutes())}${pad(shifted.getUTCSeconds())}`,
  );
}

/** The instant a VNPay yyyyMMddHHmmss (GMT+7) names; null when it is not one. */
export function parseVnpayDate(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const utc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const date = new Date(utc - GMT7_MS);
  return vnpayDate(date) === Number(value) ? date : null;
}

/** VNPay query answers: 00 paid; 01 and 05 still open; 91 not found; everything else failed. */
function statusOfTransaction(responseCode: string, transactionStatus: string | undefined) {
  if (responseCode === '91') return 'unknown' as const;
  if (responseCode !== '00') return 'unknown' as const;
  if (transactionStatus === '00') return 'paid' as const;
  if (transactionStatus === '01' || transactionStatus === '05') return 'pending' as const;
  return 'failed' as const;
}

/** What VNPay sends back about a payment: a response code and a transaction status, never a command. */
function isPaymentResult(query: Record<string, string>): boolean {
  return (
    query.vnp_Command === undefined &&
    /^\d{2}$/.test(query.vnp_ResponseCode ?? '') &&
    /^\d{2}$/.test(query.vnp_TransactionStatus ?? '') &&
    query.vnp_TransactionNo !== undefined
  );
}

export type VnpayProvider = PaymentProvider & {
  client: VNPay;
  verifyPaymentRequest(query: Record<string, string>): { amount: number } | null;
};

/** Removes the signature from what we log. */
function withoutHash(query: Record<string, unknown>) {
  const { vnp_SecureHash: _hash, vnp_SecureHashType: _type, ...rest } = query;
  return rest;
}

/**
 * The VNPay 2.1.0 driver, through the maintained `vnpay` package: signed payment URL (HMAC-SHA512),
 * IPN and return verification, querydr and refund. The built-in test gateway uses the same driver
 * with its own secret and host, so both go through one code path.
 */
export function createVnpayProvider(
  config: VnpayConfig,
  overrides: Partial<Pick<PaymentProvider, 'queryStatus' | 'refund'>> = {},
): VnpayProvider {
  const payment = new URL(config.paymentUrl);
  const client = new VNPay({
    tmnCode: config.tmnCode,
    secureSecret: config.hashSecret,
    vnpayHost: payment.origin,
    paymentEndpoint: payment.pathname.replace(/^\//, ''),
    queryDrAndRefundHost: config.apiUrl ? new URL(config.apiUrl).origin : payment.origin,
    enableLog: false,
  });

  /** The parameters' signature and merchant code check out; answers VNPay's reading of them. */
  function signed(query: Record<string, string>) {
    if (!query.vnp_SecureHash) return null;
    let result: ReturnType<VNPay['verifyIpnCall']>;
    try {
      result = client.verifyIpnCall(query as never);
    } catch {
      return null;
    }
    return result.isVerified && query.vnp_TmnCode === config.tmnCode ? result : null;
  }

  /**
   * VNPay's report of a payment (IPN or return): signed, and shaped as a result. The buyer's own
   * payment request carries our signature too, so without the shape check that URL, sent to the IPN
   * address, would read as a failed payment.
   */
  function verifyCallback(input: CallbackInput): VerifiedCallback {
    if (input.kind !== 'query' || !isPaymentResult(input.query)) return { valid: false };
    const result = signed(input.query);
    if (!result) return { valid: false };
    const paid = input.query.vnp_ResponseCode === '00' && input.query.vnp_TransactionStatus === '00';
    // 24: the buyer cancelled at VNPay.
    const cancelled = input.query.vnp_ResponseCode === '24';
    return {
      valid: true,
      orderCode: input.query.vnp_TxnRef ? normalizeOrderCode(input.query.vnp_TxnRef) : null,
      amount: Number(result.vnp_Amount),
      outcome: paid ? 'paid' : cancelled ? 'cancelled' : 'failed',
      providerRef: input.query.vnp_TransactionNo || null,
      payload: withoutHash(input.query),
    };
  }

  /** A payment request we signed (what the gateway receives); its amount in đồng, or null. */
  function verifyPaymentRequest(query: Record<string, string>): { amount: number } | null {
    if (query.vnp_Command !== 'pay' || isPaymentResult(query)) return null;
    const result = signed(query);
    return result ? { amount: Number(result.vnp_Amount) } : null;
  }

  return {
    id: config.id,
    testMode: config.testMode,
    refunds: 'api',
    client,

    async createPayment(order, context) {
      const redirectUrl = client.buildPaymentUrl({
        vnp_Amount: order.amount,
        vnp_IpAddr: context.clientIp,
        vnp_TxnRef: txnRefOf(order.code),
        // VNPay asks for Vietnamese without accents and no special characters here.
        vnp_OrderInfo: `Thanh toan don hang ${order.code}`,
        vnp_OrderType: 'other' as never,
        vnp_ReturnUrl: `${config.publicUrl}/api/payments/vnpay/return`,
        vnp_Locale: (order.buyerLanguage === 'vi' ? 'vn' : 'en') as never,
        vnp_CreateDate: vnpayDate(order.createdAt),
        vnp_ExpireDate: vnpayDate(order.expiresAt),
      });
      return { redirectUrl };
    },

    verifyCallback,
    verifyPaymentRequest,

    queryStatus:
      overrides.queryStatus ??
      (async (order): Promise<PaymentStatus> => {
        try {
          const answer = await client.queryDr({
            vnp_RequestId: randomUUID().replace(/-/g, '').slice(0, 32),
            vnp_IpAddr: '127.0.0.1',
            vnp_TxnRef: txnRefOf(order.code),
            vnp_OrderInfo: `Truy van don hang ${order.code}`,
            vnp_TransactionDate: vnpayDate(order.createdAt),
            vnp_CreateDate: vnpayDate(new Date()),
          } as never);
          if (!answer.isVerified) throw new PaymentProviderError('VNPay query answer failed verification');
          const status = statusOfTransaction(
            String(answer.vnp_ResponseCode),
            answer.vnp_TransactionStatus as string | undefined,
          );
          return {
            status,
            amount: Number(answer.vnp_Amount),
            providerRef: answer.vnp_TransactionNo ? String(answer.vnp_TransactionNo) : null,
            payload: withoutHash(answer as unknown as Record<string, unknown>),
          };
        } catch (error) {
          if (error instanceof PaymentProviderError) throw error;
          throw new PaymentProviderError('VNPay query failed', { cause: error });
        }
      }),

    refund:
      overrides.refund ??
      (async (order, _reason, by) => {
        let answer;
        try {
          answer = await client.refund({
            vnp_RequestId: randomUUID().replace(/-/g, '').slice(0, 32),
            vnp_IpAddr: '127.0.0.1',
            vnp_TxnRef: txnRefOf(order.code),
            vnp_Amount: order.amount,
            vnp_OrderInfo: `Hoan tien don hang ${order.code}`,
            vnp_TransactionType: '02',
            vnp_TransactionNo: order.providerRef ?? undefined,
            vnp_TransactionDate: vnpayDate(order.paidAt ?? order.createdAt),
            vnp_CreateBy: by,
            vnp_CreateDate: vnpayDate(new Date()),
          } as never);
        } catch (error) {
          throw new PaymentProviderError('VNPay refund failed', { cause: error });
        }
        if (!answer.isVerified || String(answer.vnp_ResponseCode) !== '00') {
          throw new PaymentProviderError(`VNPay refused the refund (${String(answer.vnp_ResponseCode)})`);
        }
        return { refundRef: String(answer.vnp_TransactionNo ?? answer.vnp_ResponseId) };
      }),

    async cancel() {
      // VNPay has no call to close an unpaid payment; its own timeout (vnp_ExpireDate) does.
    },
  };
}

const VNPAY_ANSWERS: Record<VnpayIpnResponse['RspCode'], string> = {
  '00': 'Confirm Success',
  '01': 'Order not found',
  '02': 'Order already confirmed',
  '04': 'Invalid amount',
  '97': 'Invalid signature',
  '99': 'Unknown error',
};
/** What VNPay is told about each settlement; anything else it did not fail on is a success. */
const SETTLEMENT_CODES: Partial<Record<Settlement, VnpayIpnResponse['RspCode']>> = {
  not_found: '01',
  amount_mismatch: '04',
  already_settled: '02',
};

/** VNPay's JSON answer to an IPN: signature, order, amount, state, in that order. */
function ipnAnswer(outcome: CallbackOutcome): VnpayIpnResponse {
  const code =
    outcome.status === 'settled'
      ? (SETTLEMENT_CODES[outcome.settlement] ?? '00')
      : outcome.status === 'rejected'
        ? '97'
        : '99';
  return { RspCode: code, Message: VNPAY_ANSWERS[code] };
}

/** VNPay's two callbacks; the test gateway speaks the same protocol and answers them instead. */
export const vnpayCallbacks = [
  callbackRoute({
    key: 'GET /api/payments/vnpay/ipn',
    summary: "VNPay's IPN (register this address with VNPay); the only call that fulfils a VNPay order",
    publicBecause: "VNPay's servers call it; the signature (vnp_SecureHash) is the check",
    kind: 'ipn',
    input: { from: 'query' },
    failures: 'reply',
    reply: ipnAnswer,
  }),
  callbackRoute({
    key: 'GET /api/payments/vnpay/return',
    summary: 'Where VNPay sends the buyer back (display only)',
    publicBecause: "the buyer's browser comes back from VNPay; it shows the order and never settles it",
    kind: 'return',
    input: { from: 'query' },
    failures: 'retry',
    reply: (outcome, reply) =>
      reply.redirect(
        outcome.status === 'returned' ? `/orders/${outcome.orderCode}?result=${outcome.result}` : '/',
        302,
      ),
  }),
];

/** VNPay, configured by VNPAY_TMN_CODE and VNPAY_HASH_SECRET (the sandbox unless VNPAY_URL says otherwise). */
export const vnpayDefinition: PaymentProviderDefinition<'vnpay', VnpayProvider> = {
  id: 'vnpay',
  configure: ({ env }) =>
    env.VNPAY_TMN_CODE && env.VNPAY_HASH_SECRET
      ? createVnpayProvider({
          id: 'vnpay',
          tmnCode: env.VNPAY_TMN_CODE,
          hashSecret: env.VNPAY_HASH_SECRET,
          paymentUrl: env.VNPAY_URL,
          apiUrl: env.VNPAY_API_URL,
          publicUrl: env.PUBLIC_URL,
          testMode: new URL(env.VNPAY_URL).hostname.startsWith('sandbox.'),
        })
      : null,
  callbacks: vnpayCallbacks,
};
