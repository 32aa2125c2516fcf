import { eq } from 'drizzle-orm';
import { formatVnd } from '@flowbay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceRequests, orders as ordersTable, paymentEvents, rejectedCallbacks } from '../../db/schema.ts';
import { orderCodeOfPayos, payosDescriptionOf, payosOrderCodeOf } from '../../infra/payments/payos.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { readOutbox, signedInUser, signInAs, type TestSession } from '../../test/auth.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { downloadAs, entitlementsOf, manualClock, offeredProviders, orderOf } from '../../test/payments.ts';
import { signPayos, startPayosStandIn } from '../../test/payos.ts';
import { checkout, workflowAndBuyer } from '../../test/selling.ts';

const KEYS = { clientId: 'flowbay-client', apiKey: 'flowbay-api-key', checksumKey: 'flowbay-checksum-key' };
const MINUTE = 60 * 1000;
const clock = manualClock(new Date('2026-07-01T08:00:00Z'));
let ctx: TestContext;
let payos: Awaited<ReturnType<typeof startPayosStandIn>>;
let seller: TestSession;

beforeAll(async () => {
  payos = await startPayosStandIn(KEYS);
  ctx = await createTestApp({ env: payos.env, app: { clock: clock.now } });
  seller = await signedInUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await payos?.close();
});

/** A buyer checks out a new workflow with payOS; the answer, the order code and payOS's order code. */
async function checkoutWithPayos(price: number) {
  const { workflow, buyer } = await workflowAndBuyer(ctx, seller, price, { title: 'QR sale' });
  const response = await checkout(ctx, buyer, workflow.id, 'payos');
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  const code = body.order.code as string;
  return { workflow, buyer, body, code, orderCode: payosOrderCodeOf(code) };
}

function webhook(payload: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/payos/webhook',
    headers: { 'content-type': 'application/json' },
    payload,
  });
}

function orderRow(code: string) {
  return orderOf(ctx, code);
}

async function eventsOf(code: string) {
  const order = await orderRow(code);
  return ctx.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
}

async function rejectedCount() {
  const rows = await ctx.db.select().from(rejectedCallbacks).where(eq(rejectedCallbacks.provider, 'payos'));
  return rows.reduce((sum, row) => sum + row.count, 0);
}

/** A webhook body for `orderCode` with its `data` changed after payOS signed it. */
function tampered(body: string, change: Record<string, unknown>) {
  const parsed = JSON.parse(body) as { data: Record<string, unknown> };
  return JSON.stringify({ ...parsed, data: { ...parsed.data, ...change } });
}

describe("payOS's numeric order code", () => {
  it('is a positive safe integer derived one-to-one from the order code', () => {
    expect(payosOrderCodeOf('FB-2222-2222')).toBe(1);
    expect(payosOrderCodeOf('FB-ZZZZ-ZZZZ')).toBe(2 ** 40);
    expect(2 ** 40).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    for (const code of ['FB-2222-2222', 'FB-ZZZZ-ZZZZ', 'FB-AB3C-9XYZ', 'FB-7K2M-QP4R']) {
      expect(orderCodeOfPayos(payosOrderCodeOf(code))).toBe(code);
    }
    expect(payosOrderCodeOf('fb-ab3c-9xyz')).toBe(payosOrderCodeOf('FB-AB3C-9XYZ'));
    for (const foreign of [0, -1, 2 ** 40 + 1, 1.5, Number.MAX_SAFE_INTEGER + 2, '12', null]) {
      expect(orderCodeOfPayos(foreign)).toBeNull();
    }
    for (const notOurs of ['', 'FB-2222', 'FB-1111-1111', 'FB-AB3C-9XYZ2']) {
      expect(() => payosOrderCodeOf(notOurs)).toThrow('not an order code');
    }
    expect(payosDescriptionOf('FB-AB3C-9XYZ')).toBe('FBAB3C9XYZ');
  });
});

describe('payOS (VietQR bank transfers) against a local payOS-speaking server', () => {
  it('is offered once its three keys are set, as real money', async () => {
    expect(await offeredProviders(ctx)).toEqual({ providers: [{ id: 'payos', test_mode: false }] });
  });

  it('creates a payment request through the SDK and answers the VietQR; the signed webhook pays, entitles and lets the buyer download', async () => {
    const { buyer, body, code, orderCode, workflow } = await checkoutWithPayos(149_000);
    const link = payos.links.get(orderCode)!;
    expect(link).toMatchObject({
      amount: 149_000,
      description: code.replace(/-/g, ''),
      returnUrl: `http://localhost:3000/orders/${code}?result=success`,
      cancelUrl: `http://localhost:3000/orders/${code}?result=cancelled`,
      buyerEmail: buyer.user.email,
      expiredAt: Math.floor(new Date(body.order.expires_at).getTime() / 1000),
      status: 'PENDING',
    });
    expect(link.description.length).toBeLessThanOrEqual(25);
    expect(body.order).toMatchObject({ provider: 'payos', state: 'pending', amount: 149_000 });
    expect(body.redirect_url).toBe(`${payos.url}/web/${link.id}`);
    expect(body.bank_transfer).toEqual({
      checkout_url: `${payos.url}/web/${link.id}`,
      qr_code: expect.stringContaining('VQRQ0001FLOWBAY'),
      bank_bin: '970422',
      account_number: 'VQRQ0001FLOWBAY',
      account_name: 'CONG TY TNHH FLOWBAY',
      amount: 149_000,
      description: link.description,
      test_mode: false,
    });
    // Asked again while the order is open, the same payment request and QR come back (no second one).
    const creations = () => payos.requests.filter((request) => request.path === '/v2/payment-requests');
    const created = creations().length;
    const again = await checkout(ctx, buyer, workflow.id, 'payos');
    expect(again.json()).toMatchObject({ order: { code }, bank_transfer: body.bank_transfer });
    expect(creations()).toHaveLength(created);

    const accepted = await webhook(payos.transfer(orderCode));
    expect([accepted.statusCode, accepted.json()]).toEqual([200, { success: true }]);
    expect(await orderRow(code)).toMatchObject({
      state: 'paid',
      providerRef: link.transactions[0]!.reference,
    });
    expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
    expect((await downloadAs(ctx, buyer, workflow.id)).statusCode).toBe(200);
  });

  it("answers payOS's own check of the webhook address (a signed test transfer for no order of ours) with 2xx JSON", async () => {
    const test = payos.webhookBody({
      orderCode: 123,
      amount: 3000,
      description: 'VQRIO123',
      accountNumber: '12345678',
      reference: 'TF230204212323',
      transactionDateTime: '2023-02-04 18:25:00',
      currency: 'VND',
      paymentLinkId: '124c33293c43417ab7879e14c8d9eb18',
      code: '00',
      desc: 'Thành công',
      counterAccountBankId: '',
      counterAccountBankName: '',
      counterAccountName: '',
      counterAccountNumber: '',
      virtualAccountName: '',
      virtualAccountNumber: '',
    });
    const response = await webhook(test);
    expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
  });

  describe('6 hostile webhook cases (forged, tampered amount, replayed, unknown order, late, concurrent) change nothing wrongly', () => {
    it('1. forged: signed with another key, or unsigned, or not JSON: 400, counted as rejected, the order stays unpaid', async () => {
      const { buyer, code, orderCode } = await checkoutWithPayos(99_000);
      const genuine = JSON.parse(payos.transfer(orderCode)) as { data: Record<string, unknown> };
      const before = await rejectedCount();
      // Signed the documented way, with a key that is not ours: what a forger can make.
      const forged = payos.webhookBody(genuine.data, signPayos(genuine.data, 'not-the-checksum-key'));
      const unsigned = JSON.stringify({ ...genuine, signature: '' });
      for (const payload of [forged, unsigned, 'not json', '{}']) {
        const response = await webhook(payload);
        expect(response.statusCode, payload).toBe(400);
      }
      expect(await rejectedCount()).toBe(before + 4);
      expect((await orderRow(code)).state).toBe('pending');
      expect(await entitlementsOf(ctx, buyer.user.id)).toEqual([]);
      expect(await eventsOf(code)).toEqual([]);
    });

    it('2. tampered amount: a genuine webhook whose amount was changed after signing is refused', async () => {
      const { buyer, code, orderCode } = await checkoutWithPayos(80_000);
      const short = payos.transfer(orderCode, 8_000); // the buyer sent 8,000 đ
      const before = await rejectedCount();
      const raised = await webhook(tampered(short, { amount: 80_000 }));
      expect(raised.statusCode).toBe(400);
      const otherOrder = await webhook(tampered(short, { orderCode: orderCode + 1 }));
      expect(otherOrder.statusCode).toBe(400);
      expect(await rejectedCount()).toBe(before + 2);
      expect((await orderRow(code)).state).toBe('pending');
      expect(await entitlementsOf(ctx, buyer.user.id)).toEqual([]);
    });

    it('3. replayed: the same signed webhook again answers 2xx and changes nothing', async () => {
      const { buyer, code, orderCode } = await checkoutWithPayos(70_000);
      const payload = payos.transfer(orderCode);
      expect((await webhook(payload)).statusCode).toBe(200);
      const paidAt = (await orderRow(code)).paidAt;
      for (let i = 0; i < 3; i += 1) {
        clock.advance(MINUTE);
        const replay = await webhook(payload);
        expect([replay.statusCode, replay.json()]).toEqual([200, { success: true }]);
      }
      expect(await orderRow(code)).toMatchObject({ state: 'paid', paidAt });
      expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
      expect((await eventsOf(code)).map((event) => event.outcome)).toEqual([
        'paid',
        'already_settled',
        'already_settled',
        'already_settled',
      ]);
    });

    it('4. unknown order: a signed webhook for an order code that names no order of ours settles nothing', async () => {
      const { code, orderCode } = await checkoutWithPayos(60_000);
      const genuine = JSON.parse(payos.transfer(orderCode)) as { data: Record<string, unknown> };
      const notFound = async () =>
        (await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'payos'))).filter(
          (event) => event.outcome === 'not_found' && event.orderId === null,
        ).length;
      const before = await notFound();
      for (const unknown of [payosOrderCodeOf('FB-2222-2222'), 2 ** 40 + 5]) {
        const response = await webhook(payos.webhookBody({ ...genuine.data, orderCode: unknown }));
        expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
      }
      expect(await notFound()).toBe(before + 2);
      expect((await orderRow(code)).state).toBe('pending');
      expect(await eventsOf(code)).toEqual([]);
    });

    it('5. late: a transfer reported after the order expired is the late payment decision 0136 fulfils once, never twice', async () => {
      const { buyer, code, orderCode } = await checkoutWithPayos(50_000);
      clock.advance(16 * MINUTE);
      await ctx.app.orders.sweepStaleOrders();
      await ctx.app.jobs.runDue();
      expect((await orderRow(code)).state).toBe('expired');
      // Expiring the order cancelled its payment request at payOS.
      expect(payos.links.get(orderCode)!.status).toBe('CANCELLED');
      const payload = payos.transfer(orderCode);
      expect((await webhook(payload)).statusCode).toBe(200);
      expect((await webhook(payload)).statusCode).toBe(200);
      expect((await orderRow(code)).state).toBe('paid');
      expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
      const order = await ctx.app.inject({
        method: 'GET',
        url: `/api/orders/${code}`,
        headers: buyer.headers,
      });
      expect(order.json().order.payment_incident).toEqual({
        kind: 'late_payment',
        outcome: 'fulfilled',
        received_amount: null,
      });
    });

    it('6. concurrent: the same webhook delivered five times at once pays once', async () => {
      const { buyer, code, orderCode } = await checkoutWithPayos(40_000);
      const payload = payos.transfer(orderCode);
      const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(payload)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect((await orderRow(code)).state).toBe('paid');
      expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
      const outcomes = (await eventsOf(code)).map((event) => event.outcome).sort();
      expect(outcomes).toEqual([
        'already_settled',
        'already_settled',
        'already_settled',
        'already_settled',
        'paid',
      ]);
    });
  });

  it('a short or an over payment is held for an admin, never entitles, and ends when the admin sends it back', async () => {
    const admin = await signedInUser(ctx, { role: 'admin' });
    const incidentOf = async (code: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/payment-incidents',
        headers: admin.headers,
      });
      return (response.json().incidents as { order_code: string }[]).find((item) => item.order_code === code);
    };
    for (const sent of [79_000, 90_000]) {
      const { buyer, code, orderCode } = await checkoutWithPayos(80_000);
      const transfer = payos.transfer(orderCode, sent);
      const response = await webhook(transfer);
      expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
      // The order closes (it can no longer be paid) and holds the money; nothing is granted.
      expect(await orderRow(code)).toMatchObject({ state: 'failed', paidAt: expect.any(Date) });
      expect(await entitlementsOf(ctx, buyer.user.id)).toEqual([]);
      expect(await incidentOf(code)).toMatchObject({
        kind: 'amount_mismatch',
        outcome: 'held',
        amount: 80_000,
        received_amount: sent,
      });
      const seen = await ctx.app.inject({
        method: 'GET',
        url: `/api/orders/${code}`,
        headers: buyer.headers,
      });
      expect(seen.json().order.payment_incident).toEqual({
        kind: 'amount_mismatch',
        outcome: 'held',
        received_amount: sent,
      });
      await ctx.app.jobs.runDue();
      const alerts = () =>
        readOutbox(ctx, ctx.env.SUPPORT_EMAIL).filter((mail) => mail.subject.includes(code));
      expect(alerts().map((mail) => mail.subject)).toEqual([
        `Payment for ${code} reported with another amount: needs action`,
      ]);
      const toBuyer = () => readOutbox(ctx, buyer.user.email).filter((mail) => mail.subject.includes(code));
      expect(toBuyer().map((mail) => mail.subject)).toEqual([
        `Số tiền chuyển cho đơn hàng ${code} không khớp`,
      ]);
      expect(toBuyer()[0]!.text).toContain(`chuyển trả ${formatVnd(sent, 'vi')}`);

      // A replay is logged and changes nothing: no second incident, no second mail.
      expect((await webhook(transfer)).statusCode).toBe(200);
      await ctx.app.jobs.runDue();
      expect((await eventsOf(code)).map((event) => event.outcome)).toEqual([
        'amount_mismatch',
        'amount_mismatch',
      ]);
      expect(alerts()).toHaveLength(1);
      expect(toBuyer()).toHaveLength(1);

      // The admin sends the received amount back and records it: the incident ends in a refund.
      const refunded = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${code}/refunded-by-transfer`,
        headers: admin.headers,
        payload: { transfer_ref: `FT-BACK-${sent}` },
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(await incidentOf(code)).toMatchObject({ outcome: 'refunded', refund_ref: `FT-BACK-${sent}` });
      expect((await orderRow(code)).state).toBe('refunded');
      expect(await entitlementsOf(ctx, buyer.user.id)).toEqual([]);
      await ctx.app.jobs.runDue();
      expect(toBuyer().map((mail) => mail.subject)).toContain(
        `Đã chuyển trả khoản thanh toán cho đơn hàng ${code}`,
      );
    }
  });

  it('reconciliation settles a paid order whose webhook never came, and expires and cancels an unpaid one', async () => {
    const lost = await checkoutWithPayos(65_000);
    const unpaid = await checkoutWithPayos(66_000);
    payos.transfer(lost.orderCode); // paid at the bank; the webhook is never delivered
    clock.advance(16 * MINUTE);
    await ctx.app.orders.sweepStaleOrders();
    await ctx.app.jobs.runDue();
    expect(await orderRow(lost.code)).toMatchObject({
      state: 'paid',
      providerRef: payos.links.get(lost.orderCode)!.transactions[0]!.reference,
    });
    expect(await entitlementsOf(ctx, lost.buyer.user.id)).toHaveLength(1);
    expect((await orderRow(unpaid.code)).state).toBe('expired');
    expect(payos.links.get(unpaid.orderCode)!.status).toBe('CANCELLED');
    expect(await entitlementsOf(ctx, unpaid.buyer.user.id)).toEqual([]);
  });

  it('a payOS outage at checkout answers 502 and leaves no order (nor its invoice request) behind', async () => {
    const broken = await createTestApp({ env: { ...payos.env, PAYOS_BASE_URL: 'http://127.0.0.1:9' } });
    try {
      const author = await createUser(broken.db);
      const workflow = await createWorkflow(broken.db, broken.storage, { userId: author.id, price: 50_000 });
      const buyer = await signInAs(broken, await createUser(broken.db));
      const invoice = {
        company_name: 'Công ty TNHH Quy Trình',
        tax_code: '0101234567',
        address: '1 Tràng Tiền, Hà Nội',
        email: 'ketoan@quytrinh.test',
      };
      const response = await checkout(broken, buyer, workflow.id, 'payos', { invoice });
      expect([response.statusCode, response.json().error.code]).toEqual([502, 'PAYMENT_PROVIDER_ERROR']);
      expect(await broken.db.select().from(ordersTable)).toEqual([]);
      expect(await broken.db.select().from(invoiceRequests)).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
