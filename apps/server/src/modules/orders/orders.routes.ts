import type { FastifyInstance } from 'fastify';
import { OrderCodeParams, RefundRequestIdParams } from '@flowbay/domain';
import { contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import type { OrdersService } from './orders.service.ts';

export async function ordersRoutes(root: FastifyInstance, { orders }: { orders: OrdersService }) {
  // Checkout and refunds call the payment provider: its failure is a 502.
  const errors = [...SIGNED_IN_ERRORS, 502] as const;
  const params = OrderCodeParams.shape;
  const route = contractRoutes(root, { tags: ['orders'], access: 'signed-in', errors, params });
  const admin = contractRoutes(root, { tags: ['admin'], access: 'admin', errors, params });

  route('POST /api/orders', {
    summary:
      'Checkout: place an order for a paid workflow (or a bundle, by bundle_id) and get the address where to pay',
    status: 201,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: (request) =>
      request.body.bundle_id
        ? orders.checkoutBundle(request.viewer, request.body, request.ip)
        : orders.checkout(request.viewer, request.body, request.ip),
  });

  route('POST /api/orders/quote', {
    summary:
      'The price of a licence tier with an optional discount code, before paying (an upgrade pays the difference)',
    handler: (request) => orders.quote(request.viewer, request.body),
  });

  route('GET /api/orders/:code', {
    summary: 'An order (its receipt): for its buyer and admins',
    access: {
      kind: 'public',
      reason: 'anyone else, signed in or not, gets 404 ORDER_NOT_FOUND: an order code reveals nothing',
    },
    handler: (request) => orders.get(request.viewer, request.params.code),
  });

  route('GET /api/me/purchases', {
    summary: "The caller's library: what they bought and still own",
    handler: (request) => orders.purchases(request.viewer),
  });

  route('POST /api/orders/:code/refund-request', {
    summary: 'Ask for a refund (the buyer, within 7 days of paying)',
    access: 'owner',
    handler: (request) => orders.requestRefund(request.viewer, request.params.code, request.body.reason),
  });

  const seller = contractRoutes(root, {
    tags: ['orders', 'sales'],
    access: 'signed-in',
    errors: SIGNED_IN_ERRORS,
    params: RefundRequestIdParams.shape,
  });

  seller('GET /api/me/refund-requests', {
    summary: "Open refund requests on the caller's listings, with the answer they gave",
    handler: (request) => orders.sellerRefundRequests(request.viewer),
  });

  seller('POST /api/me/refund-requests/:id/answer', {
    summary:
      "The seller's answer to a refund request on their listing: accept, or a reason against (within 48 hours, once)",
    access: 'owner',
    handler: (request) => orders.answerRefundRequest(request.viewer, request.params.id, request.body),
  });

  admin('GET /api/admin/orders', {
    summary: 'Every order, newest first; search by code or buyer e-mail, filter by state',
    handler: (request) => orders.adminList(request.viewer, request.query),
  });

  admin('GET /api/admin/refund-requests', {
    summary: 'Open refund requests, oldest first',
    handler: (request) => orders.adminRefundQueue(request.viewer),
  });

  /* An admin's decision on a paid order's refund, with the reason the buyer is told. */
  admin('POST /api/admin/orders/:code/refund', {
    summary: 'Refund a paid order through its provider (approves an open request)',
    handler: (request) => orders.adminRefund(request.viewer, request.params.code, request.body.reason),
  });

  admin('GET /api/admin/payment-incidents', {
    summary:
      'Payments that did not simply pay a pending order: late ones fulfilled, automatic refunds and their state',
    handler: (request) => orders.adminIncidents(request.viewer, request.query),
  });

  admin('POST /api/admin/payment-incidents/:code/retry-refund', {
    summary: 'Try a failed automatic refund again',
    handler: (request) => orders.adminRetryRefund(request.viewer, request.params.code),
  });

  admin('POST /api/admin/orders/:code/refunded-by-transfer', {
    summary: 'Record that a paid order (or a payment awaiting refund) was refunded by bank transfer (payOS)',
    handler: (request) => orders.adminRefundedByTransfer(request.viewer, request.params.code, request.body),
  });

  admin('POST /api/admin/orders/:code/decline-refund', {
    summary: 'Decline an open refund request',
    handler: (request) => orders.adminDecline(request.viewer, request.params.code, request.body.reason),
  });
}
