import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { gatewayApp, payAtTestGateway, placeOrder } from '../../test/selling.ts';

/** The buyer's own order tells them what became of a late or double payment (decision 0136). */

const MINUTE = 60 * 1000;
const clock = manualClock(new Date('2026-07-01T08:00:00Z'));
const ctx = useTestApp(gatewayApp(clock, { PAYMENT_TEST_GATEWAY: 'true' }));
const call = sessionCaller(() => ctx);
let seller: TestSession;
let admin: TestSession;

beforeAll(async () => {
  seller = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
}, 60_000);

async function orderAs(session: TestSession, code: string) {
  const response = await call('GET', `/api/orders/${code}`, session);
  return { status: response.statusCode, body: response.json() };
}

describe("the buyer's order summary", () => {
  it('carries the late payment it fulfilled and the double payment being refunded, to the buyer only', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 120_000 });
    const buyer = await signedInUser(ctx);
    const first = await placeOrder(ctx, buyer, workflow.id, 'test');
    clock.advance(14 * MINUTE);
    // Near its expiry the first checkout is replaced (and closed); its page was still open.
    const second = await placeOrder(ctx, buyer, workflow.id, 'test');
    expect((await orderAs(buyer, second.code)).body.order.payment_incident).toBeNull();

    await payAtTestGateway(ctx, first.redirectUrl);
    expect((await orderAs(buyer, first.code)).body.order).toMatchObject({
      state: 'paid',
      payment_incident: { kind: 'late_payment', outcome: 'fulfilled' },
    });

    await payAtTestGateway(ctx, second.redirectUrl);
    expect((await orderAs(buyer, second.code)).body.order).toMatchObject({
      state: 'failed',
      refunded_at: null,
      payment_incident: { kind: 'already_owned', outcome: 'refund_pending' },
    });
    await ctx.app.jobs.runDue();
    const refunded = (await orderAs(buyer, second.code)).body.order;
    expect(refunded).toMatchObject({
      state: 'refunded',
      refunded_at: clock.now().toISOString(),
      payment_incident: { kind: 'already_owned', outcome: 'refunded' },
    });

    // The library shows the order that bought the workflow, with its late payment.
    const library = await call('GET', '/api/me/purchases', buyer);
    expect(library.json().purchases.map((item: { order: object }) => item.order)).toMatchObject([
      { code: first.code, payment_incident: { kind: 'late_payment', outcome: 'fulfilled' } },
    ]);

    // Admins see it on the order too; another user sees no order at all.
    expect((await orderAs(admin, second.code)).body.order.payment_incident).toEqual({
      kind: 'already_owned',
      outcome: 'refunded',
      received_amount: null,
    });
    const stranger = await signedInUser(ctx);
    const foreign = await orderAs(stranger, second.code);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(JSON.stringify(foreign.body)).not.toContain('already_owned');
    // An anonymous caller learns no more than a stranger: not even that the order exists.
    const anonymous = await call('GET', `/api/orders/${second.code}`, null);
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it('is null for an order paid the ordinary way', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 80_000 });
    const buyer = await signedInUser(ctx);
    const placed = await placeOrder(ctx, buyer, workflow.id, 'test');
    await payAtTestGateway(ctx, placed.redirectUrl);
    expect((await orderAs(buyer, placed.code)).body.order).toMatchObject({
      state: 'paid',
      payment_incident: null,
    });
  });
});
