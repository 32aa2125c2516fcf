import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  PaymentProviders,
  StripeWebhookAck,
  TestGatewayCompleteBody,
  TestGatewayCompleteResponse,
  TestGatewaySession,
  VnpayIpnResponse,
} from '@flowbay/domain';
import type { TestGateway } from '../../infra/payments/test-gateway.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrdersService } from './orders.service.ts';

const VnpQuery = z.record(z.string(), z.string());

/** Provider callbacks (server to server, no session) and the built-in test gateway. */
export async function paymentsRoutes(
  root: FastifyInstance,
  { orders, testGateway }: { orders: OrdersService; testGateway: TestGateway | null },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/payments/providers',
    {
      schema: {
        tags: ['payments'],
        summary: 'The payment providers a buyer can choose',
        response: { 200: PaymentProviders },
      },
    },
    () => orders.providerList(),
  );

  app.get(
    '/api/payments/vnpay/ipn',
    {
      schema: {
        tags: ['payments'],
        summary: "VNPay's IPN (register this address with VNPay); the only call that fulfils a VNPay order",
        querystring: VnpQuery,
        response: { 200: VnpayIpnResponse },
      },
    },
    (request) => orders.vnpayIpn(request.query),
  );

  app.get(
    '/api/payments/vnpay/return',
    {
      schema: {
        tags: ['payments'],
        summary: 'Where VNPay sends the buyer back (display only)',
        querystring: VnpQuery,
      },
    },
    async (request, reply) => reply.redirect(await orders.vnpayReturn(request.query), 302),
  );

  await app.register(async (scope) => {
    // Stripe signs the exact bytes it sent: keep the raw body for this route.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: "Stripe's webhook (checkout.session.* events), verified by Stripe-Signature",
          response: { 200: StripeWebhookAck, 400: ApiError },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const ok = await orders.stripeWebhook(body, typeof signature === 'string' ? signature : '');
        if (!ok) throw new AppError(400, 'VALIDATION_FAILED', 'Invalid Stripe signature', 'stripe-signature');
        return { received: true as const };
      },
    );
  });

  if (!testGateway) return;

  app.get(
    '/api/payments/test-gateway/session',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test gateway: check a signed payment request (no money moves)',
        querystring: VnpQuery,
        response: { 200: TestGatewaySession },
      },
    },
    (request) => testGateway.session(request.query),
  );

  app.post(
    '/api/payments/test-gateway/complete',
    {
      schema: {
        tags: ['payments'],
        summary: "Test gateway: the buyer's Pay or Cancel; sends the signed IPN, answers the return address",
        body: TestGatewayCompleteBody,
        response: { 200: TestGatewayCompleteResponse, 400: ApiError },
      },
    },
    async (request) => {
      const result = await testGateway.complete(request.body.params, request.body.outcome);
      if (!result)
        throw new AppError(400, 'VALIDATION_FAILED', 'This payment request is not valid', 'params');
      return { redirect_url: result.redirectUrl };
    },
  );
}
