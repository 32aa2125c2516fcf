import type { PaymentProviderId } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { resolveAuthSecret } from '../auth/secret.ts';
import type { Clock } from '../jobs/queue.ts';
import type { PaymentProvider } from './index.ts';
import { createStripeProvider } from './stripe.ts';
import { createTestGatewayRepository } from './test-gateway.repository.ts';
import { createTestGatewayProvider, testGatewaySecret } from './test-gateway.ts';
import { createVnpayProvider, type VnpayProvider } from './vnpay.ts';

export interface PaymentProviders {
  /** The configured providers, in the order the buyer is offered them. */
  list: PaymentProvider[];
  get(id: PaymentProviderId): PaymentProvider | undefined;
  /** The one provider that speaks VNPay's protocol (VNPay itself, or the test gateway), if any. */
  vnpayProtocol: PaymentProvider | undefined;
  /** Set when the built-in test gateway is on. */
  testGateway?: { secret: string; provider: VnpayProvider };
}

/** The providers the settings configure (env.ts decides whether the test gateway is on). */
export function createPaymentProviders(env: Env, db: Database, clock: Clock): PaymentProviders {
  const list: PaymentProvider[] = [];
  let vnpayProtocol: PaymentProvider | undefined;
  let testGateway: PaymentProviders['testGateway'];
  if (env.VNPAY_TMN_CODE && env.VNPAY_HASH_SECRET) {
    vnpayProtocol = createVnpayProvider({
      id: 'vnpay',
      tmnCode: env.VNPAY_TMN_CODE,
      hashSecret: env.VNPAY_HASH_SECRET,
      paymentUrl: env.VNPAY_URL,
      apiUrl: env.VNPAY_API_URL,
      publicUrl: env.PUBLIC_URL,
      testMode: new URL(env.VNPAY_URL).hostname.startsWith('sandbox.'),
    });
    list.push(vnpayProtocol);
  } else if (env.PAYMENT_TEST_GATEWAY) {
    // The test gateway speaks VNPay's protocol, so it cannot run beside a real VNPay (one IPN address).
    const secret = testGatewaySecret(resolveAuthSecret(env));
    const gateway = createTestGatewayProvider({
      publicUrl: env.PUBLIC_URL,
      secret,
      ledger: createTestGatewayRepository(db),
    });
    vnpayProtocol = gateway;
    testGateway = { secret, provider: gateway };
    list.push(gateway);
  }
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    list.push(
      createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        publicUrl: env.PUBLIC_URL,
        apiUrl: env.STRIPE_API_URL,
        clock,
      }),
    );
  }
  return { list, get: (id) => list.find((provider) => provider.id === id), vnpayProtocol, testGateway };
}
