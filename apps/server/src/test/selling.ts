import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppOptions } from '../app.ts';
import { ledgerEntries } from '../db/schema.ts';
import { createTestApp, type TestAppOptions, type TestContext } from './app.ts';
import { sessionCaller, signedInUser, type TestSession } from './auth.ts';
import { createWorkflow } from './factories.ts';
import { startSmtpServer } from './smtp.ts';
import { declareTaxProfile, TAX_PROFILES } from './tax.ts';

/** App options for buying in tests: the file's manual clock, and the test gateway's IPN into this app. */
export function gatewayApp(clock: { now: () => Date }, env: Record<string, string> = {}) {
  return (ctx: TestContext): TestAppOptions => ({
    env,
    app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) },
  });
}

/**
 * The test file's app on the test gateway, sending its e-mail over SMTP to a test server (`smtp`)
 * started before it: both made before the file's tests and closed after them, and `settle` runs the
 * listeners' jobs and then the e-mails they queued. Read the objects inside hooks and tests.
 */
export function useMailingGatewayApp(clock: { now: () => Date; advance(ms: number): void }) {
  const ctx = {} as TestContext;
  const mail = {} as { smtp: Awaited<ReturnType<typeof startSmtpServer>> };
  beforeAll(async () => {
    mail.smtp = await startSmtpServer();
    Object.assign(ctx, await createTestApp(gatewayApp(clock, { SMTP_URL: mail.smtp.url })(ctx)));
  }, 60_000);
  afterAll(async () => {
    await ctx.close?.();
    await mail.smtp?.close();
  });
  async function settle() {
    for (let round = 0; round < 3; round += 1) {
      clock.advance(60_000);
      await ctx.app.jobs.runDue();
    }
  }
  return { ctx, mail, settle };
}

/**
 * The test file's app, on the test gateway and a provider's stand-in (whose `env` points the app at
 * it), with a seller and an admin signed in: made before the file's tests and closed after them. As
 * with `useTestApp`, the objects returned are filled in by that `beforeAll`, so read them inside hooks
 * and tests.
 */
export function useStandInApp<S extends { env: Record<string, string>; close(): Promise<void> }>(
  startStandIn: () => Promise<S>,
  clock: { now: () => Date },
) {
  const ctx = {} as TestContext;
  const standIn = {} as S;
  const seller = {} as TestSession;
  const admin = {} as TestSession;
  beforeAll(async () => {
    Object.assign(standIn, await startStandIn());
    const options = gatewayApp(clock, { PAYMENT_TEST_GATEWAY: 'true', ...standIn.env })(ctx);
    Object.assign(ctx, await createTestApp(options));
    Object.assign(seller, await signedInUser(ctx));
    Object.assign(admin, await signedInUser(ctx, { role: 'admin' }));
  }, 60_000);
  afterAll(async () => {
    await ctx.close?.();
    await standIn.close?.();
  });
  return { ctx, standIn, seller, admin };
}

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
  extra: { invoice?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: session?.headers ?? {},
    payload: { workflow_id: workflowId, provider, ...extra },
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
  return { params, returnUrl: paid.json().redirect_url as string };
}

/** Checkout and Pay on the test gateway: the order becomes paid through the (signed) IPN. */
export async function buyThroughTestGateway(ctx: TestContext, session: TestSession, workflowId: string) {
  const { code, redirectUrl } = await placeOrder(ctx, session, workflowId);
  return { code, ...(await payAtTestGateway(ctx, redirectUrl)) };
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

/**
 * The seller is paid out: they set a payout bank account and their tax profile (as an individual), wait
 * out the account's hold, ask for their balance, and an administrator marks the payout paid with the
 * bank's `transferRef`.
 */
export async function payOutSeller(
  ctx: TestContext,
  clock: { advance(ms: number): void },
  seller: TestSession,
  account: { account_number: string; holder_name: string; transfer_ref: string },
) {
  const call = sessionCaller(() => ctx);
  const { transfer_ref, ...bankAccount } = account;
  const set = await call('PUT', '/api/me/payout-account', seller, { bank_code: 'VCB', ...bankAccount });
  expect(set.statusCode, set.body).toBe(200);
  await declareTaxProfile(ctx, seller, TAX_PROFILES.individual);
  clock.advance(8 * 24 * 60 * 60 * 1000);
  const payout = await call('POST', '/api/me/payouts', seller);
  expect(payout.statusCode, payout.body).toBe(201);
  const admin = await signedInUser(ctx, { role: 'admin' });
  const paid = await call('POST', `/api/admin/payouts/${payout.json().payout.id}/paid`, admin, {
    transfer_ref,
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

/** A seller's ledger, oldest first, as kind and amount (what the tests compare). */
export async function ledgerEntriesOf(ctx: Pick<TestContext, 'db'>, sellerId: string) {
  const rows = await ctx.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sellerId, sellerId))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.kind);
  return rows.map((row) => ({ kind: row.kind, amount: row.amount }));
}

/** A seller's new workflow at `price`, and a Vietnamese-speaking buyer about to check it out. */
export async function workflowAndBuyer(
  ctx: TestContext,
  seller: TestSession,
  price: number,
  details: { title?: string } = {},
) {
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price, ...details });
  const buyer = await signedInUser(ctx, { locale: 'vi' });
  return { workflow, buyer };
}
