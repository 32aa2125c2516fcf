import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders as ordersTable, sales, testGatewayPayments, workflows } from '../../db/schema.ts';
import { createStripeProvider } from '../../infra/payments/stripe.ts';
import { readOutbox, sessionCaller, signedInUser } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { entitlementsOf, manualClock } from '../../test/payments.ts';
import { payAtTestGateway, placeOrder, useStandInApp } from '../../test/selling.ts';
import { startStripeStandIn } from '../../test/stripe.ts';

/** Payments that land where a plain "pending → paid" does not apply (decision 0136). */

const SECRET_KEY = 'sk_test_flowbay_settlement';
const WEBHOOK_SECRET = 'whsec_flowbay_settlement';
const MINUTE = 60 * 1000;
const clock = manualClock(new Date('2026-07-01T08:00:00Z'));
const startStripe = () => startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
const { ctx, standIn: stripe, seller, admin } = useStandInApp(startStripe, clock);
const call = sessionCaller(() => ctx);

const seconds = () => Math.floor(clock.now().getTime() / 1000);

async function payAtStripe(redirectUrl: string) {
  const { payload, signature } = stripe.pay(redirectUrl.split('/').pop()!, seconds());
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  expect(response.statusCode).toBe(200);
}

async function orderOf(code: string) {
  const [row] = await ctx.db.select().from(ordersTable).where(eq(ordersTable.code, code));
  return row!;
}

async function incidents() {
  const response = await call('GET', '/api/admin/payment-incidents', admin);
  expect(response.statusCode).toBe(200);
  return response.json().incidents as {
    order_code: string;
    kind: string;
    outcome: string;
    refund_attempts: number;
    last_error: string | null;
  }[];
}

const incidentOf = async (code: string) => (await incidents()).find((item) => item.order_code === code);

async function gatewayState(code: string) {
  const [row] = await ctx.db
    .select()
    .from(testGatewayPayments)
    .where(eq(testGatewayPayments.txnRef, code.replace(/-/g, '')));
  return row?.state ?? null;
}

/** A new buyer's checkout, through `provider`, of a new workflow of the seller priced `price`. */
async function checkout(
  price: number,
  provider: 'test' | 'stripe',
  buyerOverrides: Parameters<typeof signedInUser>[1] = {},
) {
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price });
  const buyer = await signedInUser(ctx, buyerOverrides);
  const placed = await placeOrder(ctx, buyer, workflow.id, provider);
  return { workflow, buyer, placed };
}

/** The seller deletes the workflow (soft delete, as the API does). */
const deleteWorkflow = (id: string) =>
  ctx.db.update(workflows).set({ deletedAt: clock.now() }).where(eq(workflows.id, id));

describe('a buyer who switches provider and pays both', () => {
  it('the old checkout, paid late, buys the workflow; the second payment is refunded at Stripe', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      price: 180_000,
      title: 'Lead router',
    });
    const buyer = await signedInUser(ctx, { locale: 'vi' });
    const first = await placeOrder(ctx, buyer, workflow.id, 'test');
    const second = await placeOrder(ctx, buyer, workflow.id, 'stripe');
    expect((await orderOf(first.code)).state).toBe('failed');

    // The first checkout's page was still open: the buyer pays it, then the Stripe one too.
    await payAtTestGateway(ctx, first.redirectUrl);
    expect((await orderOf(first.code)).state).toBe('paid');
    expect(await entitlementsOf(ctx, buyer.user.id)).toMatchObject([
      { orderId: (await orderOf(first.code)).id },
    ]);
    await payAtStripe(second.redirectUrl);
    await ctx.app.jobs.runDue();

    expect(stripe.refunds.map((refund) => refund.payment_intent)).toContain(
      `pi_test_${second.redirectUrl.split('/').pop()}`,
    );
    const refunded = await orderOf(second.code);
    expect(refunded).toMatchObject({ state: 'refunded', refundRef: expect.stringMatching(/^re_test_/) });
    expect(await ctx.db.select().from(sales).where(eq(sales.orderId, refunded.id))).toEqual([]);
    expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
    expect(await incidentOf(first.code)).toMatchObject({ kind: 'late_payment', outcome: 'fulfilled' });
    expect(await incidentOf(second.code)).toMatchObject({ kind: 'already_owned', outcome: 'refunded' });

    const mails = readOutbox(ctx, buyer.user.email).map((mail) => mail.subject);
    expect(mails).toContain(`Đã tự động hoàn tiền đơn hàng ${second.code}`);
    expect(readOutbox(ctx, ctx.env.SUPPORT_EMAIL).map((mail) => mail.subject)).toContain(
      `Refund made for ${second.code}`,
    );
    // A replayed webhook refunds nothing more.
    await payAtStripe(second.redirectUrl);
    await ctx.app.jobs.runDue();
    expect(stripe.refunds.filter((refund) => refund.metadata.order_code === second.code)).toHaveLength(1);
  });
});

describe('the test gateway', () => {
  it('a checkout reopened near expiry: both paid, the older one is refunded at the gateway', async () => {
    const { workflow, buyer, placed: first } = await checkout(90_000, 'test', { locale: 'en' });
    clock.advance(14 * MINUTE);
    const second = await placeOrder(ctx, buyer, workflow.id, 'test');
    expect(second.code).not.toBe(first.code);
    await payAtTestGateway(ctx, second.redirectUrl);
    await payAtTestGateway(ctx, first.redirectUrl);
    await ctx.app.jobs.runDue();
    expect((await orderOf(second.code)).state).toBe('paid');
    expect((await orderOf(first.code)).state).toBe('refunded');
    expect(await gatewayState(first.code)).toBe('refunded');
    expect(await gatewayState(second.code)).toBe('paid');
    const mail = readOutbox(ctx, buyer.user.email).find((item) => item.subject.includes(first.code))!;
    expect(mail.subject).toBe(`Order ${first.code} was refunded automatically`);
    expect(mail.text).toContain('this payment was a double charge');
  });

  it('a payment for a workflow deleted meanwhile is refunded, not granted', async () => {
    const { workflow, buyer, placed } = await checkout(70_000, 'test');
    await deleteWorkflow(workflow.id);
    await payAtTestGateway(ctx, placed.redirectUrl);
    await ctx.app.jobs.runDue();
    expect(await entitlementsOf(ctx, buyer.user.id)).toEqual([]);
    expect(await gatewayState(placed.code)).toBe('refunded');
    expect(await incidentOf(placed.code)).toMatchObject({
      kind: 'workflow_unavailable',
      outcome: 'refunded',
    });
  });

  it('a payment whose IPN was lost after the order closed is found by reconciliation and fulfilled', async () => {
    const { workflow, buyer, placed } = await checkout(60_000, 'test');
    // The buyer switched to Stripe (closing this one), but had paid here; the IPN never came.
    await placeOrder(ctx, buyer, workflow.id, 'stripe');
    await ctx.db.insert(testGatewayPayments).values({
      txnRef: placed.code.replace(/-/g, ''),
      transactionNo: '77776666',
      amount: 60_000,
      state: 'paid',
    });
    expect((await orderOf(placed.code)).state).toBe('failed');
    clock.advance(61 * MINUTE);
    await ctx.app.orders.sweepStaleOrders();
    await ctx.app.jobs.runDue();
    expect(await orderOf(placed.code)).toMatchObject({ state: 'paid', providerRef: '77776666' });
    expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
  });
});

describe('a refund made at the provider just before a crash', () => {
  it('the test gateway: the retried job finds the refund made and records it, instead of failing', async () => {
    const { workflow, placed } = await checkout(65_000, 'test');
    await deleteWorkflow(workflow.id);
    await payAtTestGateway(ctx, placed.redirectUrl);
    // The job's refund reached the gateway, then the process died before writing it down.
    await ctx.db
      .update(testGatewayPayments)
      .set({ state: 'refunded' })
      .where(eq(testGatewayPayments.txnRef, placed.code.replace(/-/g, '')));
    await ctx.app.jobs.runDue();
    expect(await incidentOf(placed.code)).toMatchObject({ outcome: 'refunded', last_error: null });
    expect((await orderOf(placed.code)).state).toBe('refunded');
  });

  it('Stripe: the same refund is answered again (one idempotency key per order), never a second one', async () => {
    const { workflow, placed } = await checkout(75_000, 'stripe');
    await deleteWorkflow(workflow.id);
    await payAtStripe(placed.redirectUrl);
    // The job's refund reached Stripe (through the same driver), then the process died.
    const driver = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publicUrl: ctx.env.PUBLIC_URL,
      apiUrl: stripe.url,
      clock: clock.now,
    });
    const before = await driver.refund(await orderOf(placed.code), 'crash test', 'test');
    await ctx.app.jobs.runDue();
    expect(await incidentOf(placed.code)).toMatchObject({ outcome: 'refunded', last_error: null });
    expect((await orderOf(placed.code)).refundRef).toBe(before.refundRef);
    expect(stripe.refunds.filter((refund) => refund.metadata.order_code === placed.code)).toHaveLength(1);
  });
});

describe('an automatic refund the provider refuses', () => {
  it('is retried, then waits as refund_failed for an admin, who retries it', async () => {
    const buyer = await signedInUser(ctx, { locale: 'vi' });
    const workflow2 = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 50_000 });
    const placed = await placeOrder(ctx, buyer, workflow2.id, 'stripe');
    await ctx.db.update(workflows).set({ status: 'unlisted' }).where(eq(workflows.id, workflow2.id));
    const sessionId = placed.redirectUrl.split('/').pop()!;
    await payAtStripe(placed.redirectUrl);
    const session = stripe.sessions.get(sessionId)!;
    stripe.sessions.delete(sessionId); // Stripe no longer knows the payment: every refund fails
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await ctx.app.jobs.runDue();
      clock.advance(61 * MINUTE);
    }
    expect(await incidentOf(placed.code)).toMatchObject({
      kind: 'workflow_unavailable',
      outcome: 'refund_failed',
      refund_attempts: 8,
      last_error: expect.stringContaining('Stripe refused the refund'),
    });
    await ctx.app.jobs.runDue();
    expect(readOutbox(ctx, ctx.env.SUPPORT_EMAIL).map((mail) => mail.subject)).toContain(
      `Automatic refund FAILED for ${placed.code}: needs action`,
    );
    expect(readOutbox(ctx, buyer.user.email).map((mail) => mail.subject)).toContain(
      `Hoàn tiền đơn hàng ${placed.code} đang được xử lý thủ công`,
    );

    stripe.sessions.set(sessionId, session);
    const retried = await call('POST', `/api/admin/payment-incidents/${placed.code}/retry-refund`, admin);
    expect(retried.statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(await incidentOf(placed.code)).toMatchObject({ outcome: 'refunded' });
    const again = await call('POST', `/api/admin/payment-incidents/${placed.code}/retry-refund`, admin);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'NO_FAILED_REFUND']);
  });
});

describe('who may see payment incidents', () => {
  it('admins only: anonymous 401, a user 403', async () => {
    const user = await signedInUser(ctx);
    expect((await call('GET', '/api/admin/payment-incidents', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/payment-incidents', user)).statusCode).toBe(403);
    const retry = '/api/admin/payment-incidents/FB-2222-2222/retry-refund';
    expect((await call('POST', retry, null)).statusCode).toBe(401);
    expect((await call('POST', retry, user)).statusCode).toBe(403);
  });
});
