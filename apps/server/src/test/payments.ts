import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orders, paymentEvents, purchases } from '../db/schema.ts';
import { resolveAuthSecret } from '../infra/auth/secret.ts';
import { testGatewaySecret } from '../infra/payments/test-gateway.ts';
import type { TestContext } from './app.ts';

/**
 * Signs VNPay parameters the way VNPay documents it (sorted keys, form encoding, HMAC-SHA512 hex),
 * written here independently of the server's code so a test can play VNPay (or forge it).
 */
export function signVnpay(params: Record<string, string>, secret: string): Record<string, string> {
  const sorted = new URLSearchParams();
  for (const key of Object.keys(params).sort()) if (params[key] !== '') sorted.append(key, params[key]!);
  const hash = createHmac('sha512', secret).update(Buffer.from(sorted.toString(), 'utf8')).digest('hex');
  return { ...params, vnp_SecureHash: hash };
}

export function testGatewaySecretOf(ctx: Pick<TestContext, 'env'>): string {
  return testGatewaySecret(resolveAuthSecret(ctx.env));
}

/** An IPN as the test gateway (VNPay protocol) would send it for `code`, paid unless told otherwise. */
export function ipnParams(
  ctx: Pick<TestContext, 'env'>,
  code: string,
  amount: number,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return signVnpay(
    {
      vnp_Amount: String(amount * 100),
      vnp_BankCode: 'NCB',
      vnp_CardType: 'ATM',
      vnp_OrderInfo: `Thanh toan don hang ${code}`,
      vnp_PayDate: '20260302150000',
      vnp_ResponseCode: '00',
      vnp_TmnCode: 'FLOWBAYTEST',
      vnp_TransactionNo: '14123456',
      vnp_TransactionStatus: '00',
      vnp_TxnRef: code.replace(/-/g, ''),
      ...overrides,
    },
    testGatewaySecretOf(ctx),
  );
}

export function queryString(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

export async function entitlementsOf(ctx: Pick<TestContext, 'db'>, userId: string) {
  return ctx.db.select().from(purchases).where(eq(purchases.userId, userId));
}

/** The order row behind an order code, as the database holds it (state, provider reference, paid time). */
export async function orderOf(ctx: Pick<TestContext, 'db'>, code: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.code, code));
  return row!;
}

/** The payment providers the checkout offers, as GET /api/payments/providers answers. */
export async function offeredProviders(ctx: Pick<TestContext, 'app'>) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/payments/providers' });
  return response.json();
}

/** The buyer downloads a workflow's current version: 200 once a paid order entitles them. */
export function downloadAs(
  ctx: Pick<TestContext, 'app'>,
  buyer: { headers: Record<string, string> },
  workflowId: string,
) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/workflows/${workflowId}/download`,
    headers: buyer.headers,
  });
}

export async function paymentEventsOf(ctx: Pick<TestContext, 'db'>) {
  return ctx.db.select().from(paymentEvents).orderBy(paymentEvents.createdAt);
}

/** A clock the test moves by hand (orders, jobs and the test gateway read it). */
export function manualClock(start = new Date()) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}
