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

/** Checkout and Pay on the test gateway: the order becomes paid through the (signed) IPN. */
export async function buyThroughTestGateway(ctx: TestContext, session: TestSession, workflowId: string) {
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: session.headers,
    payload: { workflow_id: workflowId, provider: 'test' },
  });
  expect(placed.statusCode).toBe(201);
  const { order, redirect_url } = placed.json();
  const params = Object.fromEntries(new URL(redirect_url as string).searchParams);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/test-gateway/complete',
    payload: { params, outcome: 'pay' },
  });
  expect(paid.statusCode).toBe(200);
  return { code: order.code as string, params };
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
