import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppOptions } from '../app.ts';
import type { TestContext } from './app.ts';
import type { TestSession } from './auth.ts';

/** The test gateway's IPN delivered straight into the app under test (no HTTP server needed). */
export function injectedIpn(app: () => FastifyInstance): NonNullable<AppOptions['testGatewayIpn']> {
  return {
    deliver: async (url) => {
      const target = new URL(url);
      const response = await app().inject({ method: 'GET', url: `${target.pathname}${target.search}` });
      return response.json();
    },
  };
}

/** Checkout: POST /api/orders as `session` (anonymous when null), the answer as it comes. */
export function checkout(
  ctx: TestContext,
  session: TestSession | null,
  workflowId: string,
  provider = 'test',
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: session?.headers ?? {},
    payload: { workflow_id: workflowId, provider },
  });
}

/** A checkout that must succeed: the order's code and the provider's address where to pay. */
export async function placeOrder(
  ctx: TestContext,
  session: TestSession,
  workflowId: string,
  provider = 'test',
) {
  const placed = await checkout(ctx, session, workflowId, provider);
  expect(placed.statusCode, placed.body).toBe(201);
  const { order, redirect_url } = placed.json();
  return { code: order.code as string, redirectUrl: redirect_url as string };
}

/** The buyer presses Pay on the test gateway's page for the payment address `redirectUrl`. */
export async function payAtTestGateway(ctx: TestContext, redirectUrl: string) {
  const params = Object.fromEntries(new URL(redirectUrl).searchParams);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/test-gateway/complete',
    payload: { params, outcome: 'pay' },
  });
  expect(paid.statusCode).toBe(200);
}

/** Checkout and Pay on the test gateway: the order becomes paid through the (signed) IPN. */
export async function buyThroughTestGateway(ctx: TestContext, session: TestSession, workflowId: string) {
  const { code, redirectUrl } = await placeOrder(ctx, session, workflowId);
  const params = Object.fromEntries(new URL(redirectUrl).searchParams);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/test-gateway/complete',
    payload: { params, outcome: 'pay' },
  });
  expect(paid.statusCode).toBe(200);
  return { code, params, returnUrl: paid.json().redirect_url as string };
}

/** An admin refund of a paid order through its provider. */
export async function refundAsAdmin(ctx: TestContext, admin: TestSession, code: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${code}/refund`,
    headers: admin.headers,
    payload: { reason: 'Asked by the buyer' },
  });
  expect(response.statusCode).toBe(200);
}
