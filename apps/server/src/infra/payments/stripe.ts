import Stripe from 'stripe';
import { invalid } from '../../lib/errors.ts';
import type { Clock } from '../jobs/queue.ts';
import {
  PaymentProviderError,
  callbackRoute,
  type PaymentProvider,
  type PaymentProviderDefinition,
  type PaymentStatus,
} from './index.ts';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** Test-only: a local Stripe-speaking server. */
  apiUrl?: string;
  clock: Clock;
}

/** Stripe asks for at least 30 minutes; our own 15-minute expiry closes the session earlier (cancel). */
const SESSION_MINUTES = 30;

/**
 * How old (or how far ahead of our clock) a webhook's signed timestamp may be: the SDK's own default.
 * Older events are replays; the SDK checks only age, so a timestamp from the future is refused here.
 */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header, in seconds; null when it has none. */
function signedAt(header: string): number | null {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header);
  return match ? Number(match[1]) : null;
}

/** Checkout events that settle an order; others are logged and ignored. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const FAILED_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

function sdkHost(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
  };
}

function intentId(value: string | Stripe.PaymentIntent | null): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Stripe Checkout through the official SDK, in VND (a zero-decimal currency: the amount is whole
 * đồng as is). The webhook is verified by its Stripe-Signature header over the raw body.
 */
export function createStripeProvider(config: StripeConfig): PaymentProvider & { client: Stripe } {
  const client = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...sdkHost(config.apiUrl),
  });

  return {
    id: 'stripe',
    testMode: config.secretKey.startsWith('sk_test_'),
    refunds: 'api',
    client,

    async createPayment(order) {
      const orderPage = `${config.publicUrl}/orders/${order.code}`;
      try {
        const session = await client.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'vnd',
                unit_amount: order.amount,
                product_data: { name: order.workflowTitle },
              },
            },
          ],
          client_reference_id: order.code,
          metadata: { order_code: order.code },
          payment_intent_data: { metadata: { order_code: order.code } },
          customer_email: order.buyerEmail,
          locale: order.buyerLanguage === 'vi' ? 'vi' : 'en',
          success_url: `${orderPage}?result=success`,
          cancel_url: `${orderPage}?result=cancelled`,
          expires_at: Math.floor(config.clock().getTime() / 1000) + SESSION_MINUTES * 60,
        });
        if (!session.url) throw new PaymentProviderError('Stripe answered a session without a URL');
        return { redirectUrl: session.url, session: session.id };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError('Stripe could not create the checkout session', { cause: error });
      }
    },

    verifyCallback(input) {
      if (input.kind !== 'body' || !input.signature) return { valid: false };
      const now = config.clock().getTime();
      const timestamp = signedAt(input.signature);
      if (timestamp === null || timestamp * 1000 - now > STRIPE_WEBHOOK_TOLERANCE_SECONDS * 1000) {
        return { valid: false };
      }
      let event: Stripe.Event;
      try {
        // receivedAt is in milliseconds (the SDK divides it by 1000 itself).
        event = client.webhooks.constructEvent(
          input.rawBody,
          input.signature,
          config.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now,
        );
      } catch {
        return { valid: false };
      }
      const payload = { id: event.id, type: event.type } as Record<string, unknown>;
      if (!event.type.startsWith('checkout.session.')) {
        return { valid: true, orderCode: null, amount: null, outcome: 'ignored', providerRef: null, payload };
      }
      const session = event.data.object as Stripe.Checkout.Session;
      Object.assign(payload, {
        session: session.id,
        payment_status: session.payment_status,
        amount_total: session.amount_total,
        currency: session.currency,
      });
      const orderCode = session.metadata?.order_code ?? session.client_reference_id ?? null;
      const paid = PAID_EVENTS.has(event.type) && session.payment_status === 'paid';
      return {
        valid: true,
        orderCode,
        // A payment in another currency is not the amount we asked for.
        amount: session.currency === 'vnd' ? session.amount_total : null,
        outcome: paid ? 'paid' : FAILED_EVENTS.has(event.type) ? 'failed' : 'ignored',
        providerRef: intentId(session.payment_intent),
        payload,
      };
    },

    async queryStatus(order): Promise<PaymentStatus> {
      if (!order.providerSession) return { status: 'unknown', payload: { session: null } };
      let session: Stripe.Checkout.Session;
      try {
        session = await client.checkout.sessions.retrieve(order.providerSession);
      } catch (error) {
        throw new PaymentProviderError('Stripe could not be asked about the session', { cause: error });
      }
      const payload = { session: session.id, status: session.status, payment_status: session.payment_status };
      const status =
        session.payment_status === 'paid'
          ? 'paid'
          : session.status === 'expired'
            ? 'failed'
            : session.status === 'open'
              ? 'pending'
              : 'unknown';
      return {
        status,
        amount: session.currency === 'vnd' ? (session.amount_total ?? undefined) : undefined,
        providerRef: intentId(session.payment_intent),
        payload,
      };
    },

    async refund(order, reason) {
      if (!order.providerRef) throw new PaymentProviderError('the order has no Stripe payment to refund');
      try {
        // One refund per order: asked again (a retry after a crash, a double click), Stripe answers
        // the refund it already made instead of refusing or making a second one.
        const refund = await client.refunds.create(
          {
            payment_intent: order.providerRef,
            reason: 'requested_by_customer',
            metadata: { order_code: order.code, reason: reason.slice(0, 500) },
          },
          { idempotencyKey: `flowbay-refund-${order.code}` },
        );
        return { refundRef: refund.id };
      } catch (error) {
        throw new PaymentProviderError('Stripe refused the refund', { cause: error });
      }
    },

    async cancel(order) {
      if (!order.providerSession) return;
      try {
        await client.checkout.sessions.expire(order.providerSession);
      } catch (error) {
        throw new PaymentProviderError('Stripe could not close the session', { cause: error });
      }
    },
  };
}

/** Stripe, configured by STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (a test key: no real money). */
export const stripeDefinition: PaymentProviderDefinition<'stripe', PaymentProvider & { client: Stripe }> = {
  id: 'stripe',
  configure: ({ env, clock }) =>
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          publicUrl: env.PUBLIC_URL,
          apiUrl: env.STRIPE_API_URL,
          clock,
        })
      : null,
  callbacks: [
    callbackRoute({
      key: 'POST /api/payments/stripe/webhook',
      summary: "Stripe's webhook (checkout.session.* events), verified by Stripe-Signature",
      publicBecause: "Stripe's servers call it; the Stripe-Signature header is the check",
      kind: 'webhook',
      input: { from: 'body', signatureHeader: 'stripe-signature' },
      // Stripe retries a webhook that did not get a 2xx.
      failures: 'retry',
      errors: [400],
      reply(outcome) {
        if (outcome.status !== 'settled') throw invalid('stripe-signature', 'Invalid Stripe signature');
        return { received: true as const };
      },
    }),
  ],
};
