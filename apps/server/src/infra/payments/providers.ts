import type { PaymentProviderId } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../jobs/queue.ts';
import type { CallbackRoute, PaymentProvider, PaymentProviderDefinition } from './index.ts';
import { payosDefinition, type PayosProvider } from './payos.ts';
import type { PayosStandIn } from './payos-stand-in.ts';
import { stripeDefinition } from './stripe.ts';
import { testGatewayDefinition } from './test-gateway.ts';
import { vnpayDefinition, type VnpayProvider } from './vnpay.ts';

/**
 * The payment provider registry: one entry per id of PAYMENT_PROVIDER_TABLE (packages/domain), in the
 * order a buyer is offered them. A provider added to the table and missing here fails `tsc`, as does
 * an entry whose driver lacks part of the interface (docs/architecture.md, "Adding a payment provider").
 */
export const PAYMENT_PROVIDER_REGISTRY = {
  vnpay: vnpayDefinition,
  test: testGatewayDefinition,
  stripe: stripeDefinition,
  payos: payosDefinition,
} satisfies { [Id in PaymentProviderId]: PaymentProviderDefinition<Id> };

const definitions: PaymentProviderDefinition[] = Object.values(PAYMENT_PROVIDER_REGISTRY);

/** Every provider's callback routes, each once (the test gateway answers VNPay's). */
export const CALLBACK_ROUTES: readonly CallbackRoute[] = [
  ...new Map(
    definitions.flatMap((definition) => definition.callbacks).map((route) => [route.key, route]),
  ).values(),
];

export interface PaymentProviders {
  /** The configured providers, in the order the buyer is offered them. */
  list: PaymentProvider[];
  get(id: PaymentProviderId): PaymentProvider | undefined;
  /** The configured provider that answers a callback route, if any. */
  forCallback(route: CallbackRoute): PaymentProvider | undefined;
  /** Set when the built-in test gateway is on. */
  testGateway?: { secret: string; provider: VnpayProvider };
  /** Set when the built-in test gateway plays payOS (its VietQR screen). */
  payosStandIn?: PayosStandIn;
}

/** The providers the settings configure (env.ts decides whether the test gateway is on). */
export function createPaymentProviders(env: Env, db: Database, clock: Clock): PaymentProviders {
  const settings = { env, db, clock };
  const list = definitions.flatMap((definition) => definition.configure(settings) ?? []);
  const answering = new Map<string, PaymentProvider>();
  for (const provider of list) {
    for (const route of PAYMENT_PROVIDER_REGISTRY[provider.id].callbacks) {
      const other = answering.get(route.key);
      if (other) throw new Error(`${provider.id} and ${other.id} cannot both answer ${route.key}`);
      answering.set(route.key, provider);
    }
  }
  const testGateway = list.find((provider) => provider.id === 'test') as
    (VnpayProvider & { secret: string }) | undefined;
  const payos = list.find((provider) => provider.id === 'payos') as PayosProvider | undefined;
  return {
    list,
    get: (id) => list.find((provider) => provider.id === id),
    forCallback: (route) => answering.get(route.key),
    testGateway: testGateway && { secret: testGateway.secret, provider: testGateway },
    ...(payos?.standIn ? { payosStandIn: payos.standIn } : {}),
  };
}
