import { createHmac, randomInt } from 'node:crypto';
import { buildPaymentUrlSearchParams, calculateSecureHash } from 'vnpay/utils';
import { normalizeOrderCode } from '@flowbay/domain';
import { resolveAuthSecret } from '../auth/secret.ts';
import type { Clock } from '../jobs/queue.ts';
import { PaymentProviderError, type PaymentProviderDefinition } from './index.ts';
import { createTestGatewayRepository, type TestGatewayRepository } from './test-gateway.repository.ts';
import {
  createVnpayProvider,
  parseVnpayDate,
  txnRefOf,
  vnpayCallbacks,
  vnpayDate,
  type VnpayProvider,
} from './vnpay.ts';

export const TEST_GATEWAY_TMN_CODE = 'FLOWBAYTEST';

/** The gateway's signing secret, derived from the server's auth secret: stable across processes, never stored. */
export function testGatewaySecret(authSecret: string): string {
  return createHmac('sha256', authSecret).update('flowbay test payment gateway').digest('hex');
}

/**
 * The built-in test gateway as a provider: the VNPay driver pointed at our own /test-gateway/pay page,
 * with status queries and refunds answered from the gateway's own books.
 */
export function createTestGatewayProvider(options: {
  publicUrl: string;
  secret: string;
  ledger: TestGatewayRepository;
}): VnpayProvider {
  const { ledger } = options;
  return createVnpayProvider(
    {
      id: 'test',
      tmnCode: TEST_GATEWAY_TMN_CODE,
      hashSecret: options.secret,
      paymentUrl: `${options.publicUrl}/test-gateway/pay`,
      publicUrl: options.publicUrl,
      testMode: true,
    },
    {
      async queryStatus(order) {
        const payment = await ledger.find(txnRefOf(order.code));
        if (!payment) return { status: 'unknown', payload: { txn_ref: txnRefOf(order.code), found: false } };
        return {
          status: payment.state === 'cancelled' ? 'failed' : 'paid',
          amount: payment.amount,
          providerRef: payment.transactionNo,
          payload: { txn_ref: payment.txnRef, state: payment.state, amount: payment.amount },
        };
      },
      async refund(order) {
        const refunded = await ledger.refund(txnRefOf(order.code));
        if (!refunded) throw new PaymentProviderError('the test gateway has no paid payment to refund');
        return { refundRef: `TEST-REFUND-${txnRefOf(order.code)}` };
      },
    },
  );
}

/**
 * The built-in test gateway, on when PAYMENT_TEST_GATEWAY is (env.ts: by default when no real provider
 * is set up, never in production). It speaks VNPay's protocol, so it answers VNPay's callbacks and
 * cannot run beside a real VNPay (one IPN address): with VNPay configured it stays off.
 */
export const testGatewayDefinition: PaymentProviderDefinition<'test', VnpayProvider & { secret: string }> = {
  id: 'test',
  configure({ env, db }) {
    if (!env.PAYMENT_TEST_GATEWAY || (env.VNPAY_TMN_CODE && env.VNPAY_HASH_SECRET)) return null;
    const secret = testGatewaySecret(resolveAuthSecret(env));
    const provider = createTestGatewayProvider({
      publicUrl: env.PUBLIC_URL,
      secret,
      ledger: createTestGatewayRepository(db),
    });
    return Object.assign(provider, { secret });
  },
  callbacks: vnpayCallbacks,
};

export type IpnDelivery = (url: string) => Promise<{ RspCode?: string }>;

/** Sends the IPN the way VNPay does: a GET to the merchant's registered IPN address. */
export const deliverIpnOverHttp: IpnDelivery = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return (await response.json()) as { RspCode?: string };
};

export interface TestGatewaySessionView {
  valid: boolean;
  order_code: string | null;
  amount: number | null;
  order_info: string | null;
  return_url: string | null;
}

/**
 * The gateway's side (what VNPay's servers do): check the signed payment request, take the buyer's
 * Pay or Cancel, send a signed IPN to our IPN address, and send the browser back to the return URL.
 */
export function createTestGateway(options: {
  provider: VnpayProvider;
  secret: string;
  ledger: TestGatewayRepository;
  ipnUrl: () => string;
  deliverIpn: IpnDelivery;
  clock: Clock;
  log: { warn(details: Record<string, unknown>, message: string): void };
}) {
  const { ledger, secret, clock } = options;

  function sign(params: Record<string, string>): Record<string, string> {
    const data = buildPaymentUrlSearchParams(params).toString();
    const hash = calculateSecureHash({
      secureSecret: secret,
      data,
      hashAlgorithm: 'SHA512' as never,
      bufferEncode: 'utf-8',
    });
    return { ...params, vnp_SecureHash: hash };
  }

  /** A payment request signed by our server for this gateway, still within its time. */
  function read(params: Record<string, string>) {
    const verified = options.provider.verifyPaymentRequest(params);
    if (!verified || !params.vnp_TxnRef || !params.vnp_ReturnUrl) return null;
    // Like VNPay, a request without a readable expiry is refused, and one past it cannot be paid.
    const expires = parseVnpayDate(params.vnp_ExpireDate ?? '');
    if (!expires || expires.getTime() <= clock().getTime()) return null;
    return {
      txnRef: params.vnp_TxnRef,
      amount: verified.amount,
      orderInfo: params.vnp_OrderInfo ?? '',
      returnUrl: params.vnp_ReturnUrl,
    };
  }

  return {
    session(params: Record<string, string>): TestGatewaySessionView {
      const request = read(params);
      if (!request)
        return { valid: false, order_code: null, amount: null, order_info: null, return_url: null };
      return {
        valid: true,
        order_code: normalizeOrderCode(request.txnRef),
        amount: request.amount,
        order_info: request.orderInfo,
        return_url: request.returnUrl,
      };
    },

    /** The buyer's choice; null when the request is not valid (forged, tampered or expired). */
    async complete(params: Record<string, string>, outcome: 'pay' | 'cancel') {
      const request = read(params);
      if (!request) return null;
      const payment = await ledger.record({
        txnRef: request.txnRef,
        transactionNo: String(randomInt(10_000_000, 99_999_999)),
        amount: request.amount,
        state: outcome === 'pay' ? 'paid' : 'cancelled',
      });
      const paid = payment.state !== 'cancelled';
      const result = sign({
        vnp_Amount: String(payment.amount * 100),
        vnp_BankCode: 'FLOWBAYTEST',
        vnp_CardType: 'ATM',
        vnp_OrderInfo: request.orderInfo,
        vnp_PayDate: String(vnpayDate(payment.createdAt)),
        vnp_ResponseCode: paid ? '00' : '24',
        vnp_TmnCode: TEST_GATEWAY_TMN_CODE,
        vnp_TransactionNo: paid ? payment.transactionNo : '0',
        vnp_TransactionStatus: paid ? '00' : '02',
        vnp_TxnRef: request.txnRef,
      });
      const query = new URLSearchParams(result).toString();
      try {
        const answer = await options.deliverIpn(`${options.ipnUrl()}?${query}`);
        if (answer.RspCode !== '00' && answer.RspCode !== '02') {
          options.log.warn({ txnRef: request.txnRef, answer }, 'the merchant refused the test IPN');
        }
      } catch (error) {
        // Like VNPay, the redirect still happens; reconciliation asks the gateway later.
        options.log.warn({ txnRef: request.txnRef, err: error }, 'the test IPN could not be delivered');
      }
      return { redirectUrl: `${request.returnUrl}?${query}` };
    },
  };
}

export type TestGateway = ReturnType<typeof createTestGateway>;
