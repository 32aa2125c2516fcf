import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema.ts';
import { payosOrderCodeOf } from '../../infra/payments/payos.ts';
import { readOutbox, sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { entitlementsOf, manualClock, orderOf } from '../../test/payments.ts';
import { startPayosStandIn } from '../../test/payos.ts';
import { ledgerEntriesOf, payAtTestGateway, placeOrder, useStandInApp } from '../../test/selling.ts';

/*
 * payOS has no refund API: its refunds are bank transfers an admin makes and then records
 * (POST /api/admin/orders/:code/refunded-by-transfer), which does what a provider refund does.
 */

const KEYS = { clientId: 'flowbay-client', apiKey: 'flowbay-api-key', checksumKey: 'flowbay-checksum-key' };
const MINUTE = 60 * 1000;
const clock = manualClock(new Date('2026-07-01T08:00:00Z'));
const { ctx, standIn: payos, seller, admin } = useStandInApp(() => startPayosStandIn(KEYS), clock);
const call = sessionCaller(() => ctx);

/** payOS's signed webhook of the buyer's transfer for the order `code`. */
async function payByTransfer(code: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/payos/webhook',
    headers: { 'content-type': 'application/json' },
    payload: payos.transfer(payosOrderCodeOf(code)),
  });
  expect(response.statusCode, response.body).toBe(200);
}

function markRefunded(
  code: string,
  session: TestSession | null,
  body: unknown = { transfer_ref: 'FT26182001' },
) {
  return call('POST', `/api/admin/orders/${code}/refunded-by-transfer`, session, body);
}

async function incidentOf(code: string) {
  const response = await call('GET', '/api/admin/payment-incidents', admin);
  expect(response.statusCode).toBe(200);
  return (response.json().incidents as { order_code: string }[]).find((item) => item.order_code === code);
}

async function eventCount(code: string) {
  const order = await orderOf(ctx, code);
  return (await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))).length;
}

const sum = (entries: { amount: number }[]) => entries.reduce((total, entry) => total + entry.amount, 0);

describe('a payOS payment that bought nothing (double payment)', () => {
  it('waits at once for a manual refund (no retries); the admin records the transfer, once', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 120_000 });
    const buyer = await signedInUser(ctx, { locale: 'vi' });
    const first = await placeOrder(ctx, buyer, workflow.id, 'test');
    const second = await placeOrder(ctx, buyer, workflow.id, 'payos');
    await payAtTestGateway(ctx, first.redirectUrl);
    await payByTransfer(second.code);

    await ctx.app.jobs.runDue();
    expect(await incidentOf(second.code)).toMatchObject({
      kind: 'already_owned',
      outcome: 'refund_failed',
      refund_attempts: 1,
      last_error: expect.stringContaining('bank transfer'),
    });
    // Nothing is tried again, however long it waits.
    for (let hour = 0; hour < 3; hour += 1) {
      clock.advance(61 * MINUTE);
      await ctx.app.jobs.runDue();
    }
    expect(await incidentOf(second.code)).toMatchObject({ outcome: 'refund_failed', refund_attempts: 1 });
    expect(readOutbox(ctx, ctx.env.SUPPORT_EMAIL).map((mail) => mail.subject)).toContain(
      `Automatic refund FAILED for ${second.code}: needs action`,
    );

    const refunded = await markRefunded(second.code, admin);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().order).toMatchObject({ code: second.code, state: 'refunded' });
    expect(await orderOf(ctx, second.code)).toMatchObject({ state: 'refunded', refundRef: 'FT26182001' });
    expect(await incidentOf(second.code)).toMatchObject({ outcome: 'refunded', refund_ref: 'FT26182001' });
    // The first order's entitlement stays: it was paid for.
    const first_order = await orderOf(ctx, first.code);
    expect(await entitlementsOf(ctx, buyer.user.id)).toMatchObject([
      { orderId: first_order.id, revokedAt: null },
    ]);
    await ctx.app.jobs.runDue();
    const buyerMails = () => readOutbox(ctx, buyer.user.email).length;
    const mailsBefore = buyerMails();
    expect(mailsBefore).toBeGreaterThan(0);

    const events = await eventCount(second.code);
    const again = await markRefunded(second.code, admin, { transfer_ref: 'FT-OTHER' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(refunded.json());
    await ctx.app.jobs.runDue();
    expect(await eventCount(second.code)).toBe(events);
    expect(await orderOf(ctx, second.code)).toMatchObject({ refundRef: 'FT26182001' });
    expect(buyerMails()).toBe(mailsBefore);
  });
});

describe('refunding a paid payOS order by bank transfer', () => {
  it('refunds as the provider path does: the sale reversed in the ledger, the entitlement revoked, both told', async () => {
    // A seller of their own, so their ledger holds this one sale.
    const seller = await signedInUser(ctx);
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 250_000 });
    const buyer = await signedInUser(ctx, { locale: 'vi' });
    const { code } = await placeOrder(ctx, buyer, workflow.id, 'payos');
    await payByTransfer(code);
    await ctx.app.jobs.runDue();
    expect(await orderOf(ctx, code)).toMatchObject({ state: 'paid' });
    const sold = await ledgerEntriesOf(ctx, seller.user.id);
    expect(sold.length).toBeGreaterThan(0);

    // payOS cannot refund through an API.
    const byApi = await call('POST', `/api/admin/orders/${code}/refund`, admin, { reason: 'Asked' });
    expect([byApi.statusCode, byApi.json().error.code]).toEqual([502, 'PAYMENT_PROVIDER_ERROR']);

    // Only an admin, from the site itself.
    const user = await signedInUser(ctx);
    expect((await markRefunded(code, null)).statusCode).toBe(401);
    expect((await markRefunded(code, user)).statusCode).toBe(403);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${code}/refunded-by-transfer`,
      headers: { cookie: admin.headers.cookie!, origin: 'https://evil.example' },
      payload: { transfer_ref: 'FT1' },
    });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([403, 'CROSS_SITE_REQUEST']);
    expect((await markRefunded(code, admin, { transfer_ref: '' })).statusCode).toBe(400);
    expect((await markRefunded(code, admin, { transfer_ref: 'x'.repeat(65) })).statusCode).toBe(400);
    expect(await orderOf(ctx, code)).toMatchObject({ state: 'paid' });

    const refunded = await markRefunded(code, admin, {
      transfer_ref: 'FT26182777',
      reason: 'Asked by the buyer',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await orderOf(ctx, code)).toMatchObject({ state: 'refunded', refundRef: 'FT26182777' });
    expect(await entitlementsOf(ctx, buyer.user.id)).toMatchObject([{ revokedAt: expect.any(Date) }]);
    await ctx.app.jobs.runDue();
    const ledger = await ledgerEntriesOf(ctx, seller.user.id);
    expect(ledger.length).toBeGreaterThan(sold.length);
    expect(sum(ledger)).toBe(0);
    expect(readOutbox(ctx, buyer.user.email).map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining(code)]),
    );
    const buyerMails = readOutbox(ctx, buyer.user.email).length;

    const again = await markRefunded(code, admin, { transfer_ref: 'FT26182777' });
    expect(again.json()).toEqual(refunded.json());
    await ctx.app.jobs.runDue();
    expect(await ledgerEntriesOf(ctx, seller.user.id)).toEqual(ledger);
    expect(readOutbox(ctx, buyer.user.email)).toHaveLength(buyerMails);
  });

  it('is refused for an unpaid order, and for a provider that refunds through its API', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 90_000 });
    const buyer = await signedInUser(ctx);
    const pending = await placeOrder(ctx, buyer, workflow.id, 'payos');
    const unpaid = await markRefunded(pending.code, admin);
    expect([unpaid.statusCode, unpaid.json().error.code]).toEqual([409, 'ORDER_NOT_REFUNDABLE']);

    const other = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 90_000 });
    const paid = await placeOrder(ctx, buyer, other.id, 'test');
    await payAtTestGateway(ctx, paid.redirectUrl);
    const byApi = await markRefunded(paid.code, admin);
    expect([byApi.statusCode, byApi.json().error.code]).toEqual([409, 'REFUND_BY_API']);
    expect(await orderOf(ctx, paid.code)).toMatchObject({ state: 'paid' });

    const missing = await markRefunded('FB-2222-2222', admin);
    expect(missing.statusCode).toBe(404);
  });
});
