import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminOrderResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminRefundRequestsResponse,
  ApiError,
  CreateOrderBody,
  CreateOrderResponse,
  OrderCodeParams,
  OrderResponse,
  PurchasesResponse,
  RefundDecisionBody,
  RefundRequestBody,
} from '@flowbay/domain';
import type { OrdersService } from './orders.service.ts';
import { signedInSecurity } from '../../plugins/openapi.ts';
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 502: ApiError };

export async function ordersRoutes(root: FastifyInstance, { orders }: { orders: OrdersService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Checkout: place an order for a paid workflow and get the address where to pay',
        security: signedInSecurity,
        body: CreateOrderBody,
        response: { 201: CreateOrderResponse, ...errors },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await orders.checkout(request.viewer, request.body, request.ip);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/orders/:code',
    {
      schema: {
        tags: ['orders'],
        summary: 'An order (its receipt): for its buyer and admins',
        security: signedInSecurity,
        params: OrderCodeParams,
        response: { 200: OrderResponse, ...errors },
      },
    },
    (request) => orders.get(request.viewer, request.params.code),
  );

  app.get(
    '/api/me/purchases',
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's library: what they bought and still own",
        security: signedInSecurity,
        response: { 200: PurchasesResponse, ...errors },
      },
    },
    (request) => orders.purchases(request.viewer),
  );

  app.post(
    '/api/orders/:code/refund-request',
    {
      schema: {
        tags: ['orders'],
        summary: 'Ask for a refund (the buyer, within 7 days of paying)',
        security: signedInSecurity,
        params: OrderCodeParams,
        body: RefundRequestBody,
        response: { 200: OrderResponse, ...errors },
      },
    },
    (request) => orders.requestRefund(request.viewer, request.params.code, request.body.reason),
  );

  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every order, newest first; search by code or buyer e-mail, filter by state',
        security: signedInSecurity,
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersResponse, ...errors },
      },
    },
    (request) => orders.adminList(request.viewer, request.query),
  );

  app.get(
    '/api/admin/refund-requests',
    {
      schema: {
        tags: ['admin'],
        summary: 'Open refund requests, oldest first',
        security: signedInSecurity,
        response: { 200: AdminRefundRequestsResponse, ...errors },
      },
    },
    (request) => orders.adminRefundQueue(request.viewer),
  );

  /** An admin's decision on a paid order's refund, with the reason the buyer is told. */
  const refundDecision = (
    path: string,
    summary: string,
    decide: typeof orders.adminRefund | typeof orders.adminDecline,
  ) =>
    app.post(
      path,
      {
        schema: {
          tags: ['admin'],
          summary,
          security: signedInSecurity,
          params: OrderCodeParams,
          body: RefundDecisionBody,
          response: { 200: AdminOrderResponse, ...errors },
        },
      },
      (request) => decide(request.viewer, request.params.code, request.body.reason),
    );
  refundDecision(
    '/api/admin/orders/:code/refund',
    'Refund a paid order through its provider (approves an open request)',
    orders.adminRefund,
  );
  refundDecision(
    '/api/admin/orders/:code/decline-refund',
    'Decline an open refund request',
    orders.adminDecline,
  );
}
