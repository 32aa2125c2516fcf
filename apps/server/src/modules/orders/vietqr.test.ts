import { describe, expect, it } from 'vitest';
import { crc16 } from '../../infra/payments/payos-stand-in.ts';
import { useTestApp } from '../../test/app.ts';
import { signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { downloadAs, entitlementsOf, manualClock, offeredProviders, orderOf } from '../../test/payments.ts';
import { checkout, gatewayApp, workflowAndBuyer } from '../../test/selling.ts';

const MINUTE = 60 * 1000;
const clock = manualClock(new Date('2026-07-01T08:00:00Z'));
/** Every webhook the test gateway's payOS stand-in sent, answered by this app's real webhook route. */
const delivered: { url: string; status: number }[] = [];
/** Set to lose the stand-in's webhooks on the way (the network failed). */
let losing = false;
const ctx = useTestApp((self) => ({
  ...gatewayApp(clock)(self),
  app: {
    ...gatewayApp(clock)(self).app,
    payosTestWebhook: {
      deliver: async (url, body) => {
        if (losing) throw new Error('connection reset');
        const target = new URL(url);
        const response = await self.app.inject({
          method: 'POST',
          url: target.pathname,
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        delivered.push({ url, status: response.statusCode });
        return { status: response.statusCode };
      },
    },
  },
}));

/** A buyer checks out a new workflow with VietQR (payOS, played by the test gateway). */
async function checkoutWithVietqr(price: number) {
  const seller = await signedInUser(ctx);
  const { workflow, buyer } = await workflowAndBuyer(ctx, seller, price);
  const response = await checkout(ctx, buyer, workflow.id, 'payos');
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { workflow, buyer, body, code: body.order.code as string };
}

function getOrder(code: string, session: TestSession | null) {
  return ctx.app.inject({ method: 'GET', url: `/api/orders/${code}`, headers: session?.headers ?? {} });
}

function simulateTransfer(code: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/test-gateway/payos-transfer',
    payload: { order_code: code },
  });
}

describe("the test gateway's VietQR (payOS through its stand-in)", () => {
  it('offers VietQR beside the VNPay-style test gateway, both as tests', async () => {
    expect(await offeredProviders(ctx)).toEqual({
      providers: [
        { id: 'test', test_mode: true },
        { id: 'payos', test_mode: true },
      ],
    });
  });

  it("answers a VietQR marked as a test; the simulated transfer's signed webhook pays through the real route, once", async () => {
    const { buyer, body, code, workflow } = await checkoutWithVietqr(149_000);
    const transfer = body.bank_transfer;
    expect(transfer).toMatchObject({
      checkout_url: `http://localhost:3000/orders/${code}`,
      bank_bin: '970422',
      account_number: 'VQRQ0001FLOWBAY',
      account_name: 'CONG TY TNHH FLOWBAY',
      amount: 149_000,
      description: code.replace(/-/g, ''),
      test_mode: true,
    });
    // A well-formed VietQR: the amount and the content inside, the checksum a bank app verifies.
    const qr = transfer.qr_code as string;
    expect(qr).toContain('5406149000');
    expect(qr).toContain(`0810${code.replace(/-/g, '')}`);
    // CRC-16/CCITT-FALSE's published check value first, so the checksum below is checked by a known-good CRC.
    expect(crc16('123456789')).toBe('29B1');
    expect(qr.slice(-4)).toBe(crc16(qr.slice(0, -4)));

    const simulated = await simulateTransfer(code);
    expect([simulated.statusCode, simulated.json()]).toEqual([200, { delivered: true }]);
    expect(delivered.at(-1)).toEqual({
      url: 'http://localhost:3000/api/payments/payos/webhook',
      status: 200,
    });
    expect(await orderOf(ctx, code)).toMatchObject({ state: 'paid', provider: 'payos' });
    expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
    expect((await downloadAs(ctx, buyer, workflow.id)).statusCode).toBe(200);
    // The payment request is paid: a second simulated transfer has nothing to pay.
    expect((await simulateTransfer(code)).statusCode).toBe(404);
  });

  it('simulates nothing for an order it has no open payment request for', async () => {
    for (const code of ['FB-2222-2222', 'not a code']) {
      const response = await simulateTransfer(code);
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
  });

  it('reconciliation asks the stand-in: a transfer whose webhook was lost still pays the order', async () => {
    const { buyer, code } = await checkoutWithVietqr(60_000);
    // The stand-in records the transfer; its webhook never arrives.
    losing = true;
    try {
      expect((await simulateTransfer(code)).json()).toEqual({ delivered: false });
    } finally {
      losing = false;
    }
    expect((await orderOf(ctx, code)).state).toBe('pending');
    clock.advance(16 * MINUTE);
    await ctx.app.orders.sweepStaleOrders();
    await ctx.app.jobs.runDue();
    expect((await orderOf(ctx, code)).state).toBe('paid');
    expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
  });
});

describe('GET /api/orders/:code answers the VietQR transfer', () => {
  it('to the buyer while the order is pending, the same as the checkout answered', async () => {
    const { buyer, body, code } = await checkoutWithVietqr(99_000);
    const response = await getOrder(code, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ order: { code, state: 'pending' } });
    expect(response.json().bank_transfer).toEqual(body.bank_transfer);
  });

  it('to nobody else: another user and an anonymous visitor get no order, an admin gets no QR', async () => {
    const { code } = await checkoutWithVietqr(98_000);
    const stranger = await signedInUser(ctx);
    for (const session of [stranger, null]) {
      const response = await getOrder(code, session);
      expect(response.statusCode).toBe(404);
      expect(response.json()).not.toHaveProperty('bank_transfer');
    }
    const admin = await signedInUser(ctx, { role: 'admin' });
    const seen = await getOrder(code, admin);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().order.code).toBe(code);
    expect(seen.json()).not.toHaveProperty('bank_transfer');
  });

  it('no longer once the order is paid or expired', async () => {
    const paid = await checkoutWithVietqr(97_000);
    expect((await simulateTransfer(paid.code)).json()).toEqual({ delivered: true });
    const afterPaying = await getOrder(paid.code, paid.buyer);
    expect(afterPaying.json().order.state).toBe('paid');
    expect(afterPaying.json()).not.toHaveProperty('bank_transfer');

    const lapsed = await checkoutWithVietqr(96_000);
    clock.advance(16 * MINUTE);
    await ctx.app.orders.sweepStaleOrders();
    await ctx.app.jobs.runDue();
    const afterExpiry = await getOrder(lapsed.code, lapsed.buyer);
    expect(afterExpiry.json().order.state).toBe('expired');
    expect(afterExpiry.json()).not.toHaveProperty('bank_transfer');
  });

  it('never for an order paid on a page of its own (the VNPay-style test gateway)', async () => {
    const seller = await signedInUser(ctx);
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 50_000 });
    const buyer = await signedInUser(ctx);
    const placed = await checkout(ctx, buyer, workflow.id, 'test');
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).not.toHaveProperty('bank_transfer');
    const response = await getOrder(placed.json().order.code, buyer);
    expect(response.json().order.state).toBe('pending');
    expect(response.json()).not.toHaveProperty('bank_transfer');
  });
});
