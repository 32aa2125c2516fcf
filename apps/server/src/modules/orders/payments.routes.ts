import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TestGateway } from '../../infra/payments/test-gateway.ts';
import { AppError } from '../../lib/errors.ts';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { OrdersService } from './orders.service.ts';

const VnpQuery = z.record(z.string(), z.string());
const defaults = { tags: ['payments'] };
/**
 * Callbacks per source address and minute. A provider sends one per payment event from a few
 * addresses, far below this; a replayed valid callback (each one is logged) is cut off here. Forged
 * ones are held to 30 a minute in the orders service, before anything is written for them.
 */
export const CALLBACKS_PER_ADDRESS_AND_MINUTE = 600;
const CALLBACK_LIMIT = { rateLimit: { max: CALLBACKS_PER_ADDRESS_AND_MINUTE, timeWindow: '1 minute' } };
/** A buyer's browser comes back through the return address once per payment; every visit is logged. */
const RETURN_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Provider callbacks (server to server, no session) and the built-in test gateway. */
export async function paymentsRoutes(
  root: FastifyInstance,
  { orders, testGateway }: { orders: OrdersService; testGateway: TestGateway | null },
) {
  const route = contractRoutes(root, defaults);

  route('GET /api/payments/providers', {
    summary: 'The payment providers a buyer can choose',
    handler: () => orders.providerList(),
  });

  route('GET /api/payments/vnpay/ipn', {
    summary: "VNPay's IPN (register this address with VNPay); the only call that fulfils a VNPay order",
    querystring: VnpQuery,
    config: CALLBACK_LIMIT,
    errors: [429],
    handler: (request) => orders.vnpayIpn(request.query, request.ip),
  });

  route('GET /api/payments/vnpay/return', {
    summary: 'Where VNPay sends the buyer back (display only)',
    querystring: VnpQuery,
    config: RETURN_LIMIT,
    errors: [429],
    handler: async (request, reply) =>
      reply.redirect(await orders.vnpayReturn(request.query, request.ip), 302),
  });

  await root.register(async (scope) => {
    // Stripe signs the exact bytes it sent: keep the raw body for this route.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    contractRoutes(scope, defaults)('POST /api/payments/stripe/webhook', {
      summary: "Stripe's webhook (checkout.session.* events), verified by Stripe-Signature",
      config: CALLBACK_LIMIT,
      errors: [400, 429],
      handler: async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const ok = await orders.stripeWebhook(
          body,
          typeof signature === 'string' ? signature : '',
          request.ip,
        );
        if (!ok) throw new AppError(400, 'VALIDATION_FAILED', 'Invalid Stripe signature', 'stripe-signature');
        return { received: true as const };
      },
    });
  });

  if (!testGateway) return;

  route('GET /api/payments/test-gateway/session', {
    summary: 'Test gateway: check a signed payment request (no money moves)',
    querystring: VnpQuery,
    handler: (request) => testGateway.session(request.query),
  });

  route('POST /api/payments/test-gateway/complete', {
    summary: "Test gateway: the buyer's Pay or Cancel; sends the signed IPN, answers the return address",
    errors: [400],
    handler: async (request) => {
      const result = await testGateway.complete(request.body.params, request.body.outcome);
      if (!result)
        throw new AppError(400, 'VALIDATION_FAILED', 'This payment request is not valid', 'params');
      return { redirect_url: result.redirectUrl };
    },
  });
}
