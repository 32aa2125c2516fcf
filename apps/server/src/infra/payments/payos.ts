import { createHmac } from 'node:crypto';
import { APIError, PayOS, type PaymentLink, type Webhook, type WebhookData } from '@payos/node';
import { ORDER_CODE_ALPHABET, normalizeOrderCode, type BankTransfer } from '@flowbay/domain';
import { invalid } from '../../lib/errors.ts';
import { resolveAuthSecret } from '../auth/secret.ts';
import {
  PaymentProviderError,
  callbackRoute,
  type PaymentProvider,
  type PaymentProviderDefinition,
  type PaymentStatus,
  type VerifiedCallback,
} from './index.ts';
import { createPayosClient, type PayosClientConfig } from './payos-client.ts';
import { createPayosStandIn, type PayosStandIn } from './payos-stand-in.ts';

export interface PayosConfig extends PayosClientConfig {
  publicUrl: string;
  /** The built-in test gateway's stand-in answers the SDK in-process (then no money moves). */
  standIn?: PayosStandIn;
}

/** payOS limits a payment request's description (the transfer content) to 25 characters. */
export const PAYOS_DESCRIPTION_MAX = 25;
const ORDER_CODE_CHARS = 8;
const BASE = ORDER_CODE_ALPHABET.length;

/**
 * payOS's numeric order code for one of ours: the eight characters of FB-XXXX-XXXX read as a
 * base-32 number, plus one (payOS wants a positive integer). 32^8 = 2^40 fits well within
 * Number.MAX_SAFE_INTEGER, and the mapping is one-to-one, so nothing needs to be stored and a
 * webhook names its order without a look-up table.
 */
export function payosOrderCodeOf(code: string): number {
  const bare = normalizeOrderCode(code).replace(/^FB-/, '').replace('-', '');
  if (bare.length !== ORDER_CODE_CHARS) throw new Error(`not an order code: ${code}`);
  let value = 0;
  for (const char of bare) {
    const digit = ORDER_CODE_ALPHABET.indexOf(char);
    if (digit < 0) throw new Error(`not an order code: ${code}`);
    value = value * BASE + digit;
  }
  return value + 1;
}

/** Our order code for a payOS order code; null when it cannot be one of ours. */
export function orderCodeOfPayos(orderCode: unknown): string | null {
  if (typeof orderCode !== 'number' || !Number.isSafeInteger(orderCode)) return null;
  let value = orderCode - 1;
  if (value < 0 || value >= BASE ** ORDER_CODE_CHARS) return null;
  let chars = '';
  for (let i = 0; i < ORDER_CODE_CHARS; i += 1) {
    chars = ORDER_CODE_ALPHABET[value % BASE]! + chars;
    value = Math.floor(value / BASE);
  }
  return `FB-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * The transfer content: the order code without its dashes (the bank app shows it; support finds the
 * order by it). Ten characters, inside payOS's 25 and without accents or punctuation, which some
 * banks strip.
 */
export function payosDescriptionOf(code: string): string {
  return normalizeOrderCode(code).replace(/-/g, '');
}

/** What createPayment keeps (as the order's providerSession) so the QR can be shown again. */
interface KeptTransfer {
  paymentLinkId: string;
  qrCode: string;
  /** Set when the payment request went to the built-in test gateway's stand-in. */
  test?: boolean;
  bin: string;
  accountNumber: string;
  accountName: string;
  description: string;
}

function readKept(session: string | null): KeptTransfer | null {
  if (!session) return null;
  try {
    const kept = JSON.parse(session) as Partial<KeptTransfer>;
    return typeof kept.qrCode === 'string' && typeof kept.accountNumber === 'string'
      ? (kept as KeptTransfer)
      : null;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is logged of a webhook: the payment, not the payer's own bank account details. */
function payloadOf(data: WebhookData): Record<string, unknown> {
  const { orderCode, amount, currency, reference, paymentLinkId, code, desc, transactionDateTime } = data;
  return { orderCode, amount, currency, reference, paymentLinkId, code, desc, transactionDateTime };
}

/** payOS's link states: PAID is settled; UNDERPAID (a short transfer) is reported with what arrived. */
function statusOfLink(link: PaymentLink): PaymentStatus['status'] {
  switch (link.status) {
    case 'PAID':
    case 'UNDERPAID':
      return 'paid';
    case 'PENDING':
    case 'PROCESSING':
      return 'pending';
    case 'CANCELLED':
    case 'EXPIRED':
    case 'FAILED':
      return 'failed';
    default:
      return 'unknown';
  }
}

export type PayosProvider = PaymentProvider & {
  client: PayOS;
  /** Set when the built-in test gateway plays payOS (no keys configured, test gateway on). */
  standIn?: PayosStandIn;
};

/**
 * payOS (VietQR bank transfers confirmed automatically) through the official SDK: a payment request
 * per order, its QR shown on our own page, the webhook verified by the SDK (HMAC-SHA256 over the
 * sorted `data` fields with the checksum key), status queries and cancellation by order code.
 * payOS has no refund API: money goes back by a bank transfer an admin makes.
 */
export function createPayosProvider(config: PayosConfig): PayosProvider {
  const client = createPayosClient(config, config.standIn?.fetch);

  async function verifyCallback(input: Parameters<PaymentProvider['verifyCallback']>[0]) {
    const rejected: VerifiedCallback = { valid: false };
    if (input.kind !== 'body') return rejected;
    let body: unknown;
    try {
      body = JSON.parse(input.rawBody.toString('utf8'));
    } catch {
      return rejected;
    }
    if (!isRecord(body) || !isRecord(body.data) || typeof body.signature !== 'string') return rejected;
    let data: WebhookData;
    try {
      data = await client.webhooks.verify(body as unknown as Webhook);
    } catch {
      return rejected;
    }
    // Only `data` is signed: the envelope's own code and success flag are not trusted.
    const amount = Number.isSafeInteger(data.amount) ? data.amount : null;
    const verified: VerifiedCallback = {
      valid: true,
      orderCode: orderCodeOfPayos(data.orderCode),
      // A transfer in another currency is not the amount we asked for.
      amount: data.currency && data.currency !== 'VND' ? null : amount,
      outcome: data.code === '00' ? 'paid' : 'ignored',
      providerRef: typeof data.reference === 'string' && data.reference ? data.reference : null,
      payload: payloadOf(data),
    };
    return verified;
  }

  return {
    id: 'payos',
    // payOS has no sandbox: every configured channel moves real money (but the test gateway's).
    testMode: Boolean(config.standIn),
    refunds: 'manual',
    client,
    ...(config.standIn ? { standIn: config.standIn } : {}),

    async createPayment(order) {
      const orderPage = `${config.publicUrl}/orders/${order.code}`;
      const orderCode = payosOrderCodeOf(order.code);
      try {
        const created = await client.paymentRequests.create({
          orderCode,
          amount: order.amount,
          description: payosDescriptionOf(order.code),
          returnUrl: `${orderPage}?result=success`,
          cancelUrl: `${orderPage}?result=cancelled`,
          items: [{ name: order.workflowTitle.slice(0, 200), quantity: 1, price: order.amount }],
          buyerEmail: order.buyerEmail,
          // The link stops taking transfers when the order expires (Unix seconds).
          expiredAt: Math.floor(order.expiresAt.getTime() / 1000),
        });
        if (created.orderCode !== orderCode || created.amount !== order.amount) {
          throw new PaymentProviderError('payOS answered a payment request for another order or amount');
        }
        const kept: KeptTransfer = {
          paymentLinkId: created.paymentLinkId,
          qrCode: created.qrCode,
          bin: created.bin,
          accountNumber: created.accountNumber,
          accountName: created.accountName,
          description: created.description,
          ...(config.standIn ? { test: true } : {}),
        };
        return { redirectUrl: created.checkoutUrl, session: JSON.stringify(kept) };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError('payOS could not create the payment request', { cause: error });
      }
    },

    verifyCallback,

    bankTransfer(order): BankTransfer | null {
      const kept = readKept(order.providerSession);
      if (!kept || !order.redirectUrl) return null;
      return {
        checkout_url: order.redirectUrl,
        qr_code: kept.qrCode,
        bank_bin: kept.bin,
        account_number: kept.accountNumber,
        account_name: kept.accountName,
        amount: order.amount,
        description: kept.description,
        test_mode: kept.test === true,
      };
    },

    async queryStatus(order): Promise<PaymentStatus> {
      let link: PaymentLink;
      try {
        link = await client.paymentRequests.get(payosOrderCodeOf(order.code));
      } catch (error) {
        // 101: payOS has no payment request with this order code.
        if (error instanceof APIError && (error.status === 404 || error.code === '101')) {
          return { status: 'unknown', payload: { orderCode: payosOrderCodeOf(order.code), found: false } };
        }
        throw new PaymentProviderError('payOS could not be asked about the payment', { cause: error });
      }
      const last = link.transactions.at(-1);
      return {
        status: statusOfLink(link),
        amount: link.amountPaid,
        providerRef: last?.reference ?? null,
        payload: {
          id: link.id,
          orderCode: link.orderCode,
          status: link.status,
          amount: link.amount,
          amountPaid: link.amountPaid,
        },
      };
    },

    async refund() {
      throw new PaymentProviderError(
        'payOS has no refund API: refund the buyer by bank transfer from the receiving account',
      );
    },

    async cancel(order) {
      try {
        await client.paymentRequests.cancel(payosOrderCodeOf(order.code), 'Flowbay closed the order');
      } catch (error) {
        throw new PaymentProviderError('payOS could not cancel the payment request', { cause: error });
      }
    },
  };
}

/** The client ID the built-in test gateway's payOS stand-in expects. */
export const PAYOS_TEST_CLIENT_ID = 'FLOWBAYTEST';

/**
 * The built-in test gateway's payOS: the same driver and SDK, answered in-process by the stand-in,
 * with keys derived from the server's auth secret (stable across processes, never stored).
 */
export function createPayosTestProvider(options: { authSecret: string; publicUrl: string; now: () => Date }) {
  const derive = (purpose: string) =>
    createHmac('sha256', options.authSecret).update(`flowbay test payOS ${purpose}`).digest('hex');
  const keys = {
    clientId: PAYOS_TEST_CLIENT_ID,
    apiKey: derive('api key'),
    checksumKey: derive('checksum key'),
  };
  const standIn = createPayosStandIn({
    ...keys,
    now: options.now,
    // No bank-app list exists for the stand-in: its "payment page" is the order page itself.
    checkoutUrl: (link) => `${options.publicUrl}/orders/${orderCodeOfPayos(link.orderCode) ?? ''}`,
  });
  return createPayosProvider({
    ...keys,
    // Never called over the network: the stand-in is the SDK's fetch.
    baseUrl: 'http://payos.test-gateway.invalid',
    publicUrl: options.publicUrl,
    standIn,
  });
}

/**
 * payOS, configured by PAYOS_CLIENT_ID, PAYOS_API_KEY and PAYOS_CHECKSUM_KEY (all three, or none);
 * without them, played by the built-in test gateway's stand-in while PAYMENT_TEST_GATEWAY is on.
 */
export const payosDefinition: PaymentProviderDefinition<'payos', PayosProvider> = {
  id: 'payos',
  configure: ({ env, clock }) => {
    if (env.PAYOS_CLIENT_ID && env.PAYOS_API_KEY && env.PAYOS_CHECKSUM_KEY) {
      return createPayosProvider({
        clientId: env.PAYOS_CLIENT_ID,
        apiKey: env.PAYOS_API_KEY,
        checksumKey: env.PAYOS_CHECKSUM_KEY,
        baseUrl: env.PAYOS_BASE_URL,
        publicUrl: env.PUBLIC_URL,
      });
    }
    if (!env.PAYMENT_TEST_GATEWAY) return null;
    return createPayosTestProvider({
      authSecret: resolveAuthSecret(env),
      publicUrl: env.PUBLIC_URL,
      now: clock,
    });
  },
  callbacks: [
    callbackRoute({
      key: 'POST /api/payments/payos/webhook',
      summary: "payOS's webhook (a VietQR transfer arrived), verified by the signature in its body",
      publicBecause:
        "payOS's servers call it; the HMAC-SHA256 signature of its data (checksum key) is the check",
      kind: 'webhook',
      // The signature is inside the JSON body, over its `data`.
      input: { from: 'body' },
      // payOS sends a webhook again until it gets a 2xx.
      failures: 'retry',
      errors: [400],
      reply(outcome) {
        if (outcome.status !== 'settled') throw invalid('signature', 'Invalid payOS signature');
        return { success: true as const };
      },
    }),
  ],
};

/** Sends a webhook body to Flowbay's payOS webhook address, as payOS's servers do (a POST of JSON). */
export type PayosWebhookDelivery = (url: string, body: string) => Promise<{ status: number }>;

export const deliverPayosWebhookOverHttp: PayosWebhookDelivery = async (url, body) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status };
};

/**
 * The test gateway's "Simulate the bank transfer": the stand-in records the full transfer to the
 * order's payment request and sends its signed webhook to our real webhook route, as payOS would.
 * Null when the stand-in has no open payment request for the order.
 */
export function createPayosTestTransfer(options: {
  standIn: PayosStandIn;
  webhookUrl: () => string;
  deliver: PayosWebhookDelivery;
  log: { warn(details: Record<string, unknown>, message: string): void };
}) {
  return async (code: string): Promise<{ delivered: boolean } | null> => {
    let orderCode: number;
    try {
      orderCode = payosOrderCodeOf(code);
    } catch {
      return null;
    }
    if (options.standIn.links.get(orderCode)?.status !== 'PENDING') return null;
    const body = options.standIn.transfer(orderCode);
    if (body === null) return null;
    try {
      const answer = await options.deliver(options.webhookUrl(), body);
      if (answer.status >= 200 && answer.status < 300) return { delivered: true };
      options.log.warn({ code, status: answer.status }, 'the merchant refused the test payOS webhook');
    } catch (error) {
      // Like payOS, the transfer stays made; reconciliation asks the stand-in later.
      options.log.warn({ code, err: error }, 'the test payOS webhook could not be delivered');
    }
    return { delivered: false };
  };
}

export type PayosTestTransfer = ReturnType<typeof createPayosTestTransfer>;
