import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CallbackResult, Metrics } from '../../infra/observability/index.ts';
import type { CallbackInput, CallbackOutcome, CallbackRoute } from '../../infra/payments/index.ts';
import { CALLBACK_ROUTES } from '../../infra/payments/providers.ts';
import type { PayosTestTransfer } from '../../infra/payments/payos.ts';
import type { TestGateway } from '../../infra/payments/test-gateway.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { OrdersService } from './orders.service.ts';

const VnpQuery = z.record(z.string(), z.string());
/** Who may call a route: anyone, for the reason given. */
const publicAccess = (reason: string) => ({ access: { kind: 'public' as const, reason } });
const defaults = { tags: ['payments'], ...publicAccess('a buyer sees the ways to pay before signing in') };
const TEST_GATEWAY_ACCESS = publicAccess(
  "the test gateway's payment page (never in production); the signed params are the check",
);
/**
 * Callbacks per source address and minute. A provider sends one per payment event from a few
 * addresses, far below this; a replayed valid callback (each one is logged) is cut off here. Forged
 * ones are held to 30 a minute in the orders service, before anything is written for them.
 */
export const CALLBACKS_PER_ADDRESS_AND_MINUTE = 600;
const CALLBACK_LIMIT = { rateLimit: { max: CALLBACKS_PER_ADDRESS_AND_MINUTE, timeWindow: '1 minute' } };
/** A buyer's browser comes back through the return address once per payment; every visit is logged. */
const RETURN_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The `result` label of a callback's outcome in `flowbay_payment_callbacks_total`. */
export function callbackResult(outcome: CallbackOutcome): CallbackResult {
  switch (outcome.status) {
    case 'rejected':
      return 'rejected_signature';
    case 'settled':
      if (outcome.settlement === 'already_settled') return 'duplicate';
      return outcome.settlement === 'failed' ? 'payment_failed' : outcome.settlement;
    default:
      return outcome.status;
  }
}

/** `vnpay` for `GET /api/payments/vnpay/ipn`: the provider whose address was called. */
const providerOf = (callback: CallbackRoute) =>
  /\/api\/payments\/([^/]+)\//.exec(callback.key)?.[1] ?? 'unknown';

/**
 * One provider callback route: the request read into what its provider verifies, settled by the
 * orders service, answered the way the provider wants.
 */
function registerCallback(
  root: FastifyInstance,
  orders: OrdersService,
  callback: CallbackRoute,
  metrics: Metrics,
) {
  const count = (result: CallbackResult) =>
    metrics.paymentCallback(providerOf(callback), callback.kind, result);
  const body = callback.input.from === 'body' ? callback.input : null;
  if (body) {
    // The provider signs the exact bytes it sent: keep the raw body for this route.
    root.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) =>
      done(null, raw),
    );
  }
  contractRoutes(root, defaults)(callback.key, {
    summary: callback.summary,
    ...publicAccess(callback.publicBecause),
    querystring: body ? undefined : VnpQuery,
    config: callback.kind === 'return' ? RETURN_LIMIT : CALLBACK_LIMIT,
    errors: [...(callback.errors ?? []), 429],
    handler: async (request, reply) => {
      let input: CallbackInput;
      if (body) {
        const signature = body.signatureHeader ? request.headers[body.signatureHeader] : undefined;
        input = {
          kind: 'body',
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: typeof signature === 'string' ? signature : '',
        };
      } else input = { kind: 'query', query: request.query as Record<string, string> };
      let outcome: CallbackOutcome;
      try {
        outcome = await orders.receiveCallback(callback, input, request.ip);
      } catch (error) {
        count('error');
        throw error;
      }
      count(callbackResult(outcome));
      return callback.reply(outcome, reply) as never;
    },
  });
}

/** Provider callbacks (server to server, no session) and the built-in test gateway. */
export async function paymentsRoutes(
  root: FastifyInstance,
  {
    orders,
    testGateway,
    payosTestTransfer,
    metrics,
  }: {
    orders: OrdersService;
    testGateway: TestGateway | null;
    payosTestTransfer: PayosTestTransfer | null;
    metrics: Metrics;
  },
) {
  const route = contractRoutes(root, defaults);

  route('GET /api/payments/providers', {
    summary: 'The payment providers a buyer can choose',
    handler: () => orders.providerList(),
  });

  // Every provider's callbacks, from the registry; each in its own scope (its own body parser).
  for (const callback of CALLBACK_ROUTES) {
    await root.register(async (scope) => registerCallback(scope, orders, callback, metrics));
  }

  if (payosTestTransfer) {
    route('POST /api/payments/test-gateway/payos-transfer', {
      summary:
        "Test gateway: simulate the buyer's VietQR transfer; its payOS stand-in sends the signed webhook",
      ...publicAccess(
        "the test gateway's stand-in for a bank (never in production); it pays only the order's own amount, and no money moves",
      ),
      errors: [404],
      handler: async (request) => {
        const result = await payosTestTransfer(request.body.order_code);
        if (!result) throw notFound('ORDER_NOT_FOUND', 'No open test VietQR payment for this order');
        return result;
      },
    });
  }

  if (!testGateway) return;

  route('GET /api/payments/test-gateway/session', {
    summary: 'Test gateway: check a signed payment request (no money moves)',
    ...TEST_GATEWAY_ACCESS,
    querystring: VnpQuery,
    handler: (request) => testGateway.session(request.query),
  });

  route('POST /api/payments/test-gateway/complete', {
    summary: "Test gateway: the buyer's Pay or Cancel; sends the signed IPN, answers the return address",
    ...TEST_GATEWAY_ACCESS,
    errors: [400],
    handler: async (request) => {
      const result = await testGateway.complete(request.body.params, request.body.outcome);
      if (!result) throw invalid('params', 'This payment request is not valid');
      return { redirect_url: result.redirectUrl };
    },
  });
}
