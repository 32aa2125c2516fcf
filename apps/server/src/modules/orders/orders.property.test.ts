import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ledgerEntries,
  orders,
  paymentIncidents,
  purchases,
  sales,
  testGatewayPayments,
} from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { startStripeStandIn } from '../../test/stripe.ts';
import { startPayosStandIn } from '../../test/payos.ts';
import { payosOrderCodeOf } from '../../infra/payments/payos.ts';

/*
 * Random interleavings of checkouts (same and other provider), payments at the gateway, callbacks
 * delivered late, twice, out of order or never, the clock moving and reconciliation running. payOS
 * transfers may be for the exact amount, short or over. At the end, once an admin has sent back
 * every payOS payment waiting for it (payOS has no refund API), every payment a provider took has
 * bought the buyer's entitlement or been refunded, never both and never neither, and nothing is
 * granted that was not paid.
 */

const SECRET_KEY = 'sk_test_flowbay_property';
const WEBHOOK_SECRET = 'whsec_flowbay_property';
const MINUTE = 60 * 1000;
const PRICE = 100_000;
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let ctx: TestContext;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let payos: Awaited<ReturnType<typeof startPayosStandIn>>;
let seller: TestSession;
let admin: TestSession;

/** The test gateway's IPNs, Stripe's and payOS's webhooks wait here until a step delivers (or loses) them. */
type Callback =
  | { provider: 'test'; url: string }
  | { provider: 'stripe'; sessionId: string }
  | { provider: 'payos'; body: string };
type Provider = Callback['provider'];
/** What a payOS buyer transfers: the order's amount, or a mistyped one. */
const TRANSFERS = { exact: PRICE, short: PRICE - 1_000, over: PRICE + 5_000 };
let inFlight: Callback[] = [];
let runs = 0;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  payos = await startPayosStandIn({
    clientId: 'property-client',
    apiKey: 'property-api-key',
    checksumKey: 'property-checksum-key',
  });
  ctx = await createTestApp({
    env: { PAYMENT_TEST_GATEWAY: 'true', ...stripe.env, ...payos.env },
    app: {
      clock: clock.now,
      testGatewayIpn: {
        deliver: async (url) => {
          inFlight.push({ provider: 'test', url });
          return { RspCode: '00' };
        },
      },
    },
  });
  seller = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
  await payos?.close();
});

type Step =
  | { kind: 'checkout'; provider: Provider }
  | { kind: 'pay'; pick: number; transfer: keyof typeof TRANSFERS }
  | { kind: 'deliver'; pick: number; keep: boolean }
  | { kind: 'wait'; minutes: number }
  | { kind: 'reconcile' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('checkout' as const),
      provider: fc.constantFrom('test' as const, 'stripe' as const, 'payos' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      pick: fc.nat(),
      transfer: fc.constantFrom('exact' as const, 'exact' as const, 'short' as const, 'over' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(), keep: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 40 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reconcile' as const) }) },
);

const seconds = () => Math.floor(clock.now().getTime() / 1000);

async function deliver(callback: Callback) {
  if (callback.provider === 'test') {
    const target = new URL(callback.url);
    await ctx.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    return;
  }
  if (callback.provider === 'payos') {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/payos/webhook',
      headers: { 'content-type': 'application/json' },
      payload: callback.body,
    });
    return;
  }
  // Stripe signs each delivery afresh, so a late retry carries a current timestamp.
  const session = stripe.sessions.get(callback.sessionId)!;
  const { payload, signature } = stripe.webhook('checkout.session.completed', session, seconds());
  await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function reconcile() {
  await ctx.app.orders.sweepStaleOrders();
  await ctx.app.jobs.runDue();
}

interface Checkout {
  code: string;
  provider: Provider;
  redirectUrl: string;
}

/**
 * The admin's part for payOS: every payment that waits for a person (held for its amount, or a
 * refund payOS cannot make) is sent back by bank transfer and recorded.
 */
async function sendBackPayosPayments(codes: string[]) {
  const incidents = await ctx.db
    .select({ code: orders.code, outcome: paymentIncidents.outcome })
    .from(paymentIncidents)
    .innerJoin(orders, eq(orders.id, paymentIncidents.orderId))
    .where(and(inArray(orders.code, codes), eq(orders.provider, 'payos')));
  for (const incident of incidents) {
    if (incident.outcome !== 'held' && incident.outcome !== 'refund_failed') continue;
    const recorded = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${incident.code}/refunded-by-transfer`,
      headers: admin.headers,
      payload: { transfer_ref: `FT-BACK-${incident.code}` },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
  }
}

async function run(steps: Step[]) {
  inFlight = [];
  const buyer = await signedInUser(ctx);
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: PRICE });
  const checkouts: Checkout[] = [];
  runs += 1;
  const address = `10.${runs >> 8}.${runs & 255}.1`;

  for (const next of steps) {
    if (next.kind === 'checkout') {
      // Each run its own address, so the checkout rate limit (per address) is not what is tested.
      const placed = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.headers,
        remoteAddress: address,
        payload: { workflow_id: workflow.id, provider: next.provider },
      });
      if (placed.statusCode === 201) {
        const { order, redirect_url } = placed.json();
        if (!checkouts.some((known) => known.code === order.code)) {
          checkouts.push({ code: order.code, provider: next.provider, redirectUrl: redirect_url });
        }
      } else {
        expect([409, 502], placed.body).toContain(placed.statusCode);
      }
    } else if (next.kind === 'pay' && checkouts.length > 0) {
      const target = checkouts[next.pick % checkouts.length]!;
      if (target.provider === 'test') {
        const params = Object.fromEntries(new URL(target.redirectUrl).searchParams);
        // The gateway itself refuses a payment request past its expiry.
        await ctx.app.inject({
          method: 'POST',
          url: '/api/payments/test-gateway/complete',
          payload: { params, outcome: 'pay' },
        });
      } else if (target.provider === 'payos') {
        // A buyer transfers once, while payOS still waits for the money.
        const orderCode = payosOrderCodeOf(target.code);
        if (payos.links.get(orderCode)?.status === 'PENDING') {
          inFlight.push({ provider: 'payos', body: payos.transfer(orderCode, TRANSFERS[next.transfer]) });
        }
      } else {
        const sessionId = target.redirectUrl.split('/').pop()!;
        const session = stripe.sessions.get(sessionId)!;
        // Stripe takes money only on an open session within its lifetime.
        if (session.status === 'open' && session.expires_at > seconds()) {
          stripe.pay(sessionId, seconds());
          inFlight.push({ provider: 'stripe', sessionId });
        }
      }
    } else if (next.kind === 'deliver' && inFlight.length > 0) {
      const index = next.pick % inFlight.length;
      const callback = inFlight[index]!;
      if (!next.keep) inFlight.splice(index, 1);
      await deliver(callback);
    } else if (next.kind === 'wait') {
      clock.advance(next.minutes * MINUTE);
    } else if (next.kind === 'reconcile') {
      await reconcile();
    }
  }

  // Whatever was lost stays lost; time passes and reconciliation and the job queue do their work.
  for (let round = 0; round < 4; round += 1) {
    clock.advance(61 * MINUTE);
    await reconcile();
  }

  const codesOfRun = (
    await ctx.db
      .select({ code: orders.code })
      .from(orders)
      .where(and(eq(orders.buyerId, buyer.user.id), eq(orders.workflowId, workflow.id)))
  ).map((row) => row.code);
  if (codesOfRun.length > 0) await sendBackPayosPayments(codesOfRun);

  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerId, buyer.user.id), eq(orders.workflowId, workflow.id)));
  const codes = rows.map((row) => row.code);
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const gateway = codes.length
    ? await ctx.db
        .select()
        .from(testGatewayPayments)
        .where(
          inArray(
            testGatewayPayments.txnRef,
            codes.map((code) => code.replace(/-/g, '')),
          ),
        )
    : [];

  /** What each provider took, by order code, and whether it gave it back. */
  const taken = new Map<string, { refunded: boolean }>();
  for (const payment of gateway) {
    if (payment.state === 'cancelled') continue;
    const code = `FB-${payment.txnRef.slice(2, 6)}-${payment.txnRef.slice(6)}`;
    taken.set(code, { refunded: payment.state === 'refunded' });
  }
  // payOS keeps the transfers it saw; it refunds nothing, so what went back is the admin's record.
  for (const row of rows) {
    if (row.provider !== 'payos') continue;
    const link = payos.links.get(payosOrderCodeOf(row.code));
    if (!link || link.transactions.length === 0) continue;
    taken.set(row.code, { refunded: row.refundRef === `FT-BACK-${row.code}` });
  }
  for (const session of stripe.sessions.values()) {
    const code = session.metadata.order_code;
    if (!code || !byCode.has(code) || session.payment_status !== 'paid') continue;
    const refunded = stripe.refunds.filter((refund) => refund.payment_intent === session.payment_intent);
    expect(refunded.length, `Stripe refunded ${code} at most once`).toBeLessThanOrEqual(1);
    taken.set(code, { refunded: refunded.length === 1 });
  }

  const entitlements = await ctx.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, buyer.user.id), eq(purchases.workflowId, workflow.id)));
  const active = entitlements.filter((row) => row.revokedAt === null);
  const orderIdOf = (code: string) => byCode.get(code)!.id;

  for (const [code, { refunded }] of taken) {
    const granted = active.some((row) => row.orderId === orderIdOf(code));
    expect({ code, granted, refunded }, 'a payment ends in exactly one of entitlement or refund').toEqual({
      code,
      granted: !refunded,
      refunded,
    });
  }
  for (const row of active) {
    const code = rows.find((order) => order.id === row.orderId)?.code;
    expect(code && taken.has(code) && !taken.get(code)!.refunded, 'nothing granted without money').toBe(true);
  }
  const paid = rows.filter((row) => row.state === 'paid');
  expect(paid.length, 'at most one paid order per buyer and workflow').toBeLessThanOrEqual(1);

  // A refunded payment's sale never counts for the seller: no sale, or a sale reversed.
  const refundedIds = [...taken].filter(([, payment]) => payment.refunded).map(([code]) => orderIdOf(code));
  if (refundedIds.length > 0) {
    const saleRows = await ctx.db.select().from(sales).where(inArray(sales.orderId, refundedIds));
    const reversals = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.orderId, refundedIds), eq(ledgerEntries.kind, 'refund_reversal')));
    expect(reversals.length).toBe(saleRows.length);
  }
}

it('every payment a provider took ends in exactly one entitlement or one refund', async () => {
  await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), run), {
    numRuns: Number(process.env.PROPERTY_RUNS ?? 40),
    // Besides the random runs, the two cases the fault test found, so both endings are always reached:
    // a switch of provider with both checkouts paid (the closed one is paid late, the other refunded),
    // and a payment whose IPN arrives after the order expired; and a short payOS transfer, held.
    examples: [
      [
        [
          { kind: 'checkout', provider: 'payos' },
          { kind: 'pay', pick: 0, transfer: 'short' },
          { kind: 'deliver', pick: 0, keep: false },
        ],
      ],
      [
        [
          { kind: 'checkout', provider: 'test' },
          { kind: 'checkout', provider: 'stripe' },
          { kind: 'pay', pick: 0, transfer: 'exact' },
          { kind: 'pay', pick: 1, transfer: 'exact' },
          { kind: 'deliver', pick: 0, keep: false },
          { kind: 'deliver', pick: 0, keep: false },
        ],
      ],
      [
        [
          { kind: 'checkout', provider: 'test' },
          { kind: 'pay', pick: 0, transfer: 'exact' },
          { kind: 'wait', minutes: 16 },
          { kind: 'deliver', pick: 0, keep: true },
          { kind: 'deliver', pick: 0, keep: false },
        ],
      ],
    ],
  });
  // The runs reached both endings: late payments fulfilled and payments refunded (automatically, or
  // sent back by an admin: a payOS transfer of another amount among them).
  const incidents = await ctx.db.select().from(paymentIncidents);
  expect([...new Set(incidents.map((row) => row.outcome))].sort()).toEqual(['fulfilled', 'refunded']);
  expect(incidents.map((row) => row.kind)).toContain('amount_mismatch');
}, 600_000);
