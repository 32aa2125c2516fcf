import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders as ordersTable } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { readOutbox, signedInUser, signInAs, type TestSession } from '../../test/auth.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { downloadAs, entitlementsOf, manualClock, offeredProviders, orderOf } from '../../test/payments.ts';
import { placeOrder, workflowAndBuyer } from '../../test/selling.ts';
import { startStripeStandIn } from '../../test/stripe.ts';

const SECRET_KEY = 'sk_test_flowbay_standin';
const WEBHOOK_SECRET = 'whsec_flowbay_standin';
const MINUTE = 60 * 1000;
const clock = manualClock();
let ctx: TestContext;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let seller: TestSession;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  ctx = await createTestApp({
    env: stripe.env,
    app: { clock: clock.now },
  });
  seller = await signedInUser(ctx);
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const seconds = () => Math.floor(clock.now().getTime() / 1000);

async function checkoutWithStripe(price: number) {
  const { workflow, buyer } = await workflowAndBuyer(ctx, seller, price, { title: 'Stripe sale' });
  const { code, redirectUrl } = await placeOrder(ctx, buyer, workflow.id, 'stripe');
  const sessionId = redirectUrl.split('/').pop() as string;
  return { workflow, buyer, code, sessionId, redirectUrl };
}

function webhook(payload: string, signature: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

function stateOf(code: string) {
  return orderOf(ctx, code);
}

describe('Stripe Checkout driver against a local Stripe-speaking server', () => {
  it('offers Stripe (not the test gateway) once it is configured', async () => {
    expect(await offeredProviders(ctx)).toEqual({ providers: [{ id: 'stripe', test_mode: true }] });
  });

  it('creates a Checkout session in VND for the whole đồng amount, and the signed webhook fulfils', async () => {
    const { buyer, code, sessionId, redirectUrl, workflow } = await checkoutWithStripe(149_000);
    expect(redirectUrl).toBe(`${stripe.url}/pay/${sessionId}`);
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      amount_total: 149_000, // VND is zero-decimal: no ×100
      currency: 'vnd',
      client_reference_id: code,
      metadata: { order_code: code },
      success_url: `http://localhost:3000/orders/${code}?result=success`,
      cancel_url: `http://localhost:3000/orders/${code}?result=cancelled`,
      customer_email: buyer.user.email,
    });
    const { payload, signature } = stripe.pay(sessionId, seconds());
    // A body changed after signing, or a signature made with another secret, is refused.
    const tampered = await webhook(payload.replace('"amount_total":149000', '"amount_total":1'), signature);
    expect(tampered.statusCode).toBe(400);
    const forged = await webhook(payload, signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`));
    expect(forged.statusCode).toBe(400);
    const missing = await webhook(payload, '');
    expect(missing.statusCode).toBe(400);
    expect((await stateOf(code)).state).toBe('pending');

    const accepted = await webhook(payload, signature);
    expect(accepted.json()).toEqual({ received: true });
    const order = await stateOf(code);
    expect(order).toMatchObject({ state: 'paid', providerRef: `pi_test_${sessionId}` });
    expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
    const replay = await webhook(payload, signature);
    expect(replay.statusCode).toBe(200);
    expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
    expect((await downloadAs(ctx, buyer, workflow.id)).statusCode).toBe(200);
  });

  it.each([
    ['signed 10 minutes ago', -10 * 60],
    ['signed 10 minutes in the future', 10 * 60],
    ['signed 365 days ago', -365 * 24 * 60 * 60],
  ])(
    'refuses a correctly signed webhook %s, and fulfils once it is signed within 5 minutes',
    async (_, offset) => {
      const { buyer, code, sessionId } = await checkoutWithStripe(99_000);
      const stale = stripe.pay(sessionId, seconds() + offset);
      const refused = await webhook(stale.payload, stale.signature);
      expect(refused.statusCode).toBe(400);
      expect((await stateOf(code)).state).toBe('pending');
      expect(await entitlementsOf(ctx, buyer.user.id)).toEqual([]);

      const fresh = stripe.pay(sessionId, seconds() - 4 * 60);
      expect((await webhook(fresh.payload, fresh.signature)).statusCode).toBe(200);
      expect((await stateOf(code)).state).toBe('paid');
    },
  );

  it('a webhook for another amount or currency changes nothing', async () => {
    const { buyer, code, sessionId } = await checkoutWithStripe(80_000);
    const session = stripe.sessions.get(sessionId)!;
    const cheap = { ...session, status: 'complete', payment_status: 'paid', amount_total: 8_000 };
    const first = stripe.webhook('checkout.session.completed', cheap, seconds());
    expect((await webhook(first.payload, first.signature)).statusCode).toBe(200);
    const usd = { ...session, status: 'complete', payment_status: 'paid', currency: 'usd' };
    const second = stripe.webhook('checkout.session.completed', usd, seconds());
    expect((await webhook(second.payload, second.signature)).statusCode).toBe(200);
    // The order closes holding what was taken; nothing is granted.
    expect((await stateOf(code)).state).toBe('failed');
    expect(await entitlementsOf(ctx, buyer.user.id)).toEqual([]);
    // Money was taken: the admins are told, once for the order however often it is reported.
    const again = stripe.webhook('checkout.session.completed', cheap, seconds());
    expect((await webhook(again.payload, again.signature)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    const alerts = readOutbox(ctx, ctx.env.SUPPORT_EMAIL).filter((mail) => mail.subject.includes(code));
    expect(alerts.map((mail) => mail.subject)).toEqual([
      `Payment for ${code} reported with another amount: needs action`,
    ]);
    expect(alerts[0]!.text).toContain('paid with 8,000 VNĐ');
  });

  it('an admin refund goes through Stripe and revokes the entitlement', async () => {
    const { buyer, code, sessionId } = await checkoutWithStripe(120_000);
    const { payload, signature } = stripe.pay(sessionId, seconds());
    await webhook(payload, signature);
    const admin = await signedInUser(ctx, { role: 'admin' });
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${code}/refund`,
      headers: admin.headers,
      payload: { reason: 'Duplicate purchase' },
    });
    expect(refunded.json().order.state).toBe('refunded');
    expect(stripe.refunds).toContainEqual(
      expect.objectContaining({
        payment_intent: `pi_test_${sessionId}`,
        amount: 120_000,
        metadata: { order_code: code, reason: 'Duplicate purchase' },
      }),
    );
    expect((await stateOf(code)).refundRef).toMatch(/^re_test_/);
    const [entitlement] = await entitlementsOf(ctx, buyer.user.id);
    expect(entitlement!.revokedAt).not.toBeNull();
  });

  it('an unpaid session is closed at Stripe when its order expires; a paid one found by asking is fulfilled', async () => {
    const unpaid = await checkoutWithStripe(60_000);
    const lostWebhook = await checkoutWithStripe(70_000);
    stripe.pay(lostWebhook.sessionId, seconds()); // paid, but the webhook never arrives
    clock.advance(16 * MINUTE);
    await ctx.app.orders.sweepStaleOrders();
    await ctx.app.jobs.runDue();
    expect((await stateOf(unpaid.code)).state).toBe('expired');
    expect(stripe.sessions.get(unpaid.sessionId)!.status).toBe('expired');
    expect((await stateOf(lostWebhook.code)).state).toBe('paid');
    expect(await entitlementsOf(ctx, lostWebhook.buyer.user.id)).toHaveLength(1);
  });

  it('a Stripe outage at checkout answers 502 and leaves no order behind', async () => {
    const broken = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const author = await createUser(broken.db);
      const workflow = await createWorkflow(broken.db, broken.storage, { userId: author.id, price: 50_000 });
      const buyer = await signInAs(broken, await createUser(broken.db));
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.headers,
        payload: { workflow_id: workflow.id, provider: 'stripe' },
      });
      expect([response.statusCode, response.json().error.code]).toEqual([502, 'PAYMENT_PROVIDER_ERROR']);
      expect(await broken.db.select().from(ordersTable)).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
