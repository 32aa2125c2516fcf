import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  orders as ordersTable,
  paymentEvents,
  rejectedCallbacks,
  testGatewayPayments,
  workflowVersions,
  workflows,
} from '../../db/schema.ts';
import { createTestApp, useTestApp } from '../../test/app.ts';
import { readOutbox, sessionCaller, signedInUser, signInAs, type TestSession } from '../../test/auth.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { entitlementsOf, ipnParams, manualClock, paymentEventsOf, queryString } from '../../test/payments.ts';
import { buyThroughTestGateway, checkout, gatewayApp } from '../../test/selling.ts';

const MINUTE = 60 * 1000;
const clock = manualClock();
const ctx = useTestApp(gatewayApp(clock));
const call = sessionCaller(() => ctx);
let seller: TestSession;
let admin: TestSession;

beforeAll(async () => {
  seller = await signedInUser(ctx, { name: 'Lan Seller', locale: 'vi' });
  admin = await signedInUser(ctx, { role: 'admin' });
});

async function buyer(overrides: Parameters<typeof createUser>[1] = {}) {
  return signedInUser(ctx, overrides);
}

async function paidWorkflow(price = 150_000, title?: string) {
  return createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price, title });
}

function paramsOf(redirectUrl: string): Record<string, string> {
  return Object.fromEntries(new URL(redirectUrl).searchParams);
}

async function ipn(params: Record<string, string>) {
  const response = await call('GET', `/api/payments/vnpay/ipn?${queryString(params)}`, null);
  expect(response.statusCode).toBe(200);
  return response.json() as { RspCode: string; Message: string };
}

async function download(session: TestSession | null, workflowId: string) {
  return call('GET', `/api/workflows/${workflowId}/download`, session);
}

const buy = (session: TestSession, workflowId: string) => buyThroughTestGateway(ctx, session, workflowId);

describe('providers', () => {
  it('offers only the test gateway (its VNPay-style page and its VietQR) when no provider is configured', async () => {
    const response = await call('GET', '/api/payments/providers', null);
    expect(response.json()).toEqual({
      providers: [
        { id: 'test', test_mode: true },
        { id: 'payos', test_mode: true },
      ],
    });
  });
});

describe('buying through the test gateway', () => {
  it('checkout → pay → IPN: paid order, entitlement, download, receipt, library', async () => {
    const workflow = await paidWorkflow(150_000, 'Invoice reminder bot');
    const ana = await buyer({ name: 'Ana', locale: 'vi' });
    expect((await download(ana, workflow.id)).statusCode).toBe(403);

    const placed = await checkout(ctx, ana, workflow.id);
    expect(placed.statusCode).toBe(201);
    const { order, redirect_url } = placed.json();
    expect(order).toMatchObject({
      state: 'pending',
      amount: 150_000,
      currency: 'VND',
      provider: 'test',
      workflow: { id: workflow.id, title: 'Invoice reminder bot', deleted: false },
      seller: { id: seller.user.id, name: 'Lan Seller' },
      paid_at: null,
    });
    expect(order.code).toMatch(/^FB-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(new Date(order.expires_at).getTime() - new Date(order.created_at).getTime()).toBe(15 * MINUTE);
    expect(redirect_url).toMatch(/^http:\/\/localhost:3000\/test-gateway\/pay\?/);
    const params = paramsOf(redirect_url);
    expect(params.vnp_Amount).toBe('15000000'); // VNPay counts in hundredths of a đồng
    expect(params.vnp_SecureHash).toMatch(/^[0-9a-f]{128}$/);

    const session = await call('GET', `/api/payments/test-gateway/session?${queryString(params)}`, null);
    expect(session.json()).toEqual({
      valid: true,
      order_code: order.code,
      amount: 150_000,
      order_info: `Thanh toan don hang ${order.code}`,
      return_url: 'http://localhost:3000/api/payments/vnpay/return',
    });

    const paid = await call('POST', '/api/payments/test-gateway/complete', null, { params, outcome: 'pay' });
    const returnUrl = new URL(paid.json().redirect_url);
    expect(returnUrl.pathname).toBe('/api/payments/vnpay/return');
    const back = await call('GET', `${returnUrl.pathname}${returnUrl.search}`, null);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/orders/${order.code}?result=success`);

    const receipt = await call('GET', `/api/orders/${order.code}`, ana);
    expect(receipt.json().order).toMatchObject({ state: 'paid', can_request_refund: true });
    expect(receipt.json().order.provider_ref).toMatch(/^\d{8}$/);
    expect((await download(ana, workflow.id)).statusCode).toBe(200);
    const detail = await call('GET', `/api/workflows/${workflow.id}`, ana);
    expect(detail.json().access).toMatchObject({ purchased: true, can_download: true });

    const library = await call('GET', '/api/me/purchases', ana);
    expect(library.json().purchases).toEqual([
      expect.objectContaining({
        order: expect.objectContaining({ code: order.code, state: 'paid' }),
        workflow: expect.objectContaining({
          id: workflow.id,
          platform: 'n8n',
          latest_version: '1.0',
          deleted: false,
        }),
      }),
    ]);

    // The receipt goes through the queue, in the buyer's language.
    expect(readOutbox(ctx, ana.user.email)).toHaveLength(0);
    await ctx.app.jobs.runDue();
    const [mail] = readOutbox(ctx, ana.user.email);
    expect(mail!.subject).toBe(`Biên nhận Flowbay ${order.code}`);
    expect(mail!.text).toContain('Sản phẩm: Invoice reminder bot');
    expect(mail!.text).toContain('Số tiền: 150.000 VNĐ');
    expect(mail!.text).toContain(`Mã giao dịch: ${receipt.json().order.provider_ref}`);
    expect(mail!.text).toContain('Người bán: Lan Seller');
    expect(mail!.text).toContain(`http://localhost:3000/orders/${order.code}`);
  });

  it('a cancelled payment leaves the order failed and nothing unlocked', async () => {
    const workflow = await paidWorkflow();
    const binh = await buyer();
    const { order, redirect_url } = (await checkout(ctx, binh, workflow.id)).json();
    const cancelled = await call('POST', '/api/payments/test-gateway/complete', null, {
      params: paramsOf(redirect_url),
      outcome: 'cancel',
    });
    const returnUrl = new URL(cancelled.json().redirect_url);
    const back = await call('GET', `${returnUrl.pathname}${returnUrl.search}`, null);
    expect(back.headers.location).toBe(`/orders/${order.code}?result=cancelled`);
    const receipt = await call('GET', `/api/orders/${order.code}`, binh);
    expect(receipt.json().order.state).toBe('failed');
    expect(await entitlementsOf(ctx, binh.user.id)).toEqual([]);
    expect((await download(binh, workflow.id)).statusCode).toBe(403);
  });

  it('the gateway refuses a tampered payment request', async () => {
    const workflow = await paidWorkflow();
    const { redirect_url } = (await checkout(ctx, await buyer(), workflow.id)).json();
    const params: Record<string, string> = { ...paramsOf(redirect_url), vnp_Amount: '100' };
    const session = await call('GET', `/api/payments/test-gateway/session?${queryString(params)}`, null);
    expect(session.json().valid).toBe(false);
    const complete = await call('POST', '/api/payments/test-gateway/complete', null, {
      params,
      outcome: 'pay',
    });
    expect(complete.statusCode).toBe(400);
    expect(
      await ctx.db
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.txnRef, params.vnp_TxnRef!)),
    ).toEqual([]);
  });

  it('a price change never alters a placed order', async () => {
    const workflow = await paidWorkflow(200_000);
    const chi = await buyer();
    const { order, redirect_url } = (await checkout(ctx, chi, workflow.id)).json();
    await ctx.db.update(workflows).set({ price: 90_000 }).where(eq(workflows.id, workflow.id));
    await call('POST', '/api/payments/test-gateway/complete', null, {
      params: paramsOf(redirect_url),
      outcome: 'pay',
    });
    const receipt = await call('GET', `/api/orders/${order.code}`, chi);
    expect(receipt.json().order).toMatchObject({ state: 'paid', amount: 200_000 });
    // The reused checkout also keeps its price: a second checkout now is refused (already bought).
    expect((await checkout(ctx, chi, workflow.id)).json().error.code).toBe('ALREADY_PURCHASED');
  });

  it('a deleted workflow stays downloadable for its buyers (decision 0020)', async () => {
    const workflow = await paidWorkflow();
    const dao = await buyer();
    const { code } = await buy(dao, workflow.id);
    await ctx.db.update(workflows).set({ deletedAt: new Date() }).where(eq(workflows.id, workflow.id));
    expect((await download(dao, workflow.id)).statusCode).toBe(200);
    const receipt = await call('GET', `/api/orders/${code}`, dao);
    expect(receipt.json().order.workflow.deleted).toBe(true);
    expect((await checkout(ctx, await buyer(), workflow.id)).json().error.code).toBe('WORKFLOW_NOT_FOUND');
  });
});

describe('what a buyer sees before buying', () => {
  it("apps, node count, credentials and packages by public name, tested-with and versions; never the author's names", async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      price: 90_000,
      apps: [
        { key: 'webhook', name: 'Webhook' },
        { key: 'slack', name: 'Slack' },
        { key: 'googleSheets', name: 'Google Sheets' },
      ],
    });
    await ctx.db
      .update(workflowVersions)
      .set({
        summary: {
          ...workflow.version.summary!,
          requirements: {
            credentials: [
              {
                app: 'Slack',
                type: 'slackApi',
                names: ['ACME prod token'],
                nodes: ['Notify finance channel'],
              },
            ],
            communityPackages: ['n8n-nodes-pdf'],
            nodeTypeVersions: [],
          },
        },
      })
      .where(eq(workflowVersions.id, workflow.version.id));
    await ctx.db.update(workflows).set({ testedWith: 'n8n 1.80' }).where(eq(workflows.id, workflow.id));
    const detail = await call('GET', `/api/workflows/${workflow.id}`, null);
    expect(detail.json().buyer_summary).toEqual({
      platform: 'n8n',
      apps: [
        { key: 'slack', name: 'Slack' },
        { key: 'googleSheets', name: 'Google Sheets' },
      ],
      node_count: 3,
      credentials: ['Slack'],
      community_packages: ['n8n-nodes-pdf'],
      tested_with: 'n8n 1.80',
      versions: [{ version: '1.0', created_at: workflow.version.createdAt.toISOString() }],
    });
    const summary = JSON.stringify(detail.json().buyer_summary);
    expect(summary).not.toContain('ACME prod token');
    expect(summary).not.toContain('Notify finance channel');
    const free = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 0 });
    const freeDetail = await call('GET', `/api/workflows/${free.id}`, null);
    expect(freeDetail.json().buyer_summary).toBeNull();
  });
});

describe('who may buy and see what', () => {
  it('refuses checkouts that cannot be: anonymous, own, free, unknown, already bought, unknown provider', async () => {
    const workflow = await paidWorkflow();
    const free = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 0 });
    const unlisted = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      price: 50_000,
      status: 'pending',
    });
    const em = await buyer();
    const unverified = await buyer({ emailVerified: false });
    const cases: [TestSession | null, string, string, number, string][] = [
      [null, workflow.id, 'test', 401, 'UNAUTHENTICATED'],
      [unverified, workflow.id, 'test', 403, 'EMAIL_NOT_VERIFIED'],
      [seller, workflow.id, 'test', 409, 'OWN_WORKFLOW'],
      [em, free.id, 'test', 409, 'NOT_FOR_SALE'],
      [em, unlisted.id, 'test', 404, 'WORKFLOW_NOT_FOUND'],
      [em, '6f1c1f7e-1111-4a4a-9b9b-000000000000', 'test', 404, 'WORKFLOW_NOT_FOUND'],
      [em, workflow.id, 'stripe', 400, 'PROVIDER_UNAVAILABLE'],
      [em, workflow.id, 'paypal', 400, 'VALIDATION_FAILED'],
    ];
    for (const [session, id, provider, status, code] of cases) {
      const response = await checkout(ctx, session, id, provider);
      expect([response.statusCode, response.json().error.code], `${code}`).toEqual([status, code]);
    }
    await buy(em, workflow.id);
    const again = await checkout(ctx, em, workflow.id);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'ALREADY_PURCHASED']);
    expect(again.json().error.message).toBe('You already own this workflow.');
    const vi = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...em.headers, 'x-language': 'vi' },
      payload: { workflow_id: workflow.id, provider: 'test' },
    });
    expect(vi.json().error.message).toBe('Bạn đã mua quy trình này rồi.');
  });

  it('an order is seen only by its buyer and admins; others get 404', async () => {
    const workflow = await paidWorkflow();
    const owner = await buyer();
    const { code } = await buy(owner, workflow.id);
    const other = await buyer();
    for (const session of [null, other, seller]) {
      const response = await call('GET', `/api/orders/${code}`, session);
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    const asAdmin = await call('GET', `/api/orders/${code}`, admin);
    expect(asAdmin.json().order).toMatchObject({ code, can_request_refund: false });
    expect((await call('GET', '/api/me/purchases', null)).statusCode).toBe(401);
    const theirs = await call('GET', '/api/me/purchases', other);
    expect(theirs.json().purchases).toEqual([]);
  });

  it('every write is refused to the anonymous caller and to another user', async () => {
    const workflow = await paidWorkflow();
    const owner = await buyer();
    const { code } = await buy(owner, workflow.id);
    const other = await buyer();
    const writes = [
      { url: `/api/orders/${code}/refund-request`, anonymous: 401, other: 404 },
      { url: `/api/admin/orders/${code}/refund`, anonymous: 401, other: 403 },
      { url: `/api/admin/orders/${code}/decline-refund`, anonymous: 401, other: 403 },
    ];
    for (const write of writes) {
      const anonymous = await call('POST', write.url, null, { reason: 'because' });
      expect(anonymous.statusCode, write.url).toBe(write.anonymous);
      const byOther = await call('POST', write.url, other, { reason: 'because' });
      expect(byOther.statusCode, write.url).toBe(write.other);
    }
    for (const url of ['/api/admin/orders', '/api/admin/refund-requests']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url, headers: owner.headers })).statusCode).toBe(403);
    }
    const receipt = await call('GET', `/api/orders/${code}`, owner);
    expect(receipt.json().order).toMatchObject({ state: 'paid', refund_request: null });
  });
});

describe('a page on another site cannot use a buyer’s or an admin’s cookies', () => {
  it('checkout, refund request and admin refund from a foreign Origin are refused and change nothing', async () => {
    const workflow = await paidWorkflow();
    const owner = await buyer();
    const foreign = { cookie: owner.headers.cookie, origin: 'https://evil.example' };
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: foreign,
      payload: { workflow_id: workflow.id, provider: 'test' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('CROSS_SITE_REQUEST');
    expect(await ctx.db.select().from(ordersTable).where(eq(ordersTable.buyerId, owner.user.id))).toEqual([]);

    const { code } = await buy(owner, workflow.id);
    const writes = [
      { url: `/api/orders/${code}/refund-request`, cookie: owner.headers.cookie },
      { url: `/api/admin/orders/${code}/refund`, cookie: admin.headers.cookie },
    ];
    for (const write of writes) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: write.url,
        headers: { cookie: write.cookie, origin: 'https://evil.example' },
        payload: { reason: 'forged' },
      });
      expect(response.statusCode, write.url).toBe(403);
      expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
    }
    const receipt = await call('GET', `/api/orders/${code}`, owner);
    expect(receipt.json().order).toMatchObject({ state: 'paid', refund_request: null });
    expect(await download(owner, workflow.id)).toMatchObject({ statusCode: 200 });
  });
});

describe('callback abuse changes nothing and is answered per VNPay', () => {
  async function pendingOrder(price = 120_000) {
    const workflow = await paidWorkflow(price);
    const session = await buyer();
    const { order } = (await checkout(ctx, session, workflow.id)).json();
    return { workflow, session, code: order.code as string };
  }

  async function stateOf(code: string) {
    const [row] = await ctx.db.select().from(ordersTable).where(eq(ordersTable.code, code));
    return row!.state;
  }

  it('forged signature → 97', async () => {
    const { session, code } = await pendingOrder();
    const params = { ...ipnParams(ctx, code, 120_000), vnp_SecureHash: 'ab'.repeat(64) };
    expect(await ipn(params)).toEqual({ RspCode: '97', Message: 'Invalid signature' });
    // Signed with another secret: still forged.
    const other = ipnParams({ env: { ...ctx.env, AUTH_SECRET: 'x'.repeat(40) } }, code, 120_000);
    expect((await ipn(other)).RspCode).toBe('97');
    expect((await ipn({})).RspCode).toBe('97');
    expect((await ipn({ ...ipnParams(ctx, code, 120_000), vnp_Amount: 'lots' })).RspCode).toBe('97');
    expect(await stateOf(code)).toBe('pending');
    expect(await entitlementsOf(ctx, session.user.id)).toEqual([]);
    // Counted per address, not kept in the payment event log (see callbacks.test.ts).
    const [rejected] = await ctx.db.select().from(rejectedCallbacks);
    expect(rejected).toMatchObject({ provider: 'test', kind: 'ipn' });
    expect(rejected!.count).toBeGreaterThanOrEqual(4);
    const events = await paymentEventsOf(ctx);
    expect(events.filter((event) => !event.signatureValid)).toEqual([]);
  });

  it('unknown order → 01; wrong amount → 04; nothing is paid', async () => {
    const { session, code } = await pendingOrder(120_000);
    expect(await ipn(ipnParams(ctx, 'FB-2222-2222', 120_000))).toEqual({
      RspCode: '01',
      Message: 'Order not found',
    });
    expect(await ipn(ipnParams(ctx, code, 1_000))).toEqual({ RspCode: '04', Message: 'Invalid amount' });
    // The order closes, holding what was reported for an admin to send back.
    expect(await stateOf(code)).toBe('failed');
    expect(await entitlementsOf(ctx, session.user.id)).toEqual([]);
  });

  it('replay → 02 and still one entitlement', async () => {
    const { session, code } = await pendingOrder(120_000);
    const params = ipnParams(ctx, code, 120_000);
    expect(await ipn(params)).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    expect(await ipn(params)).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
    // A later "failed" report for the paid order changes nothing either.
    expect(
      (await ipn(ipnParams(ctx, code, 120_000, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02' })))
        .RspCode,
    ).toBe('02');
    expect(await stateOf(code)).toBe('paid');
    expect(await entitlementsOf(ctx, session.user.id)).toHaveLength(1);
  });

  it('a payment after expiry is confirmed (00) and buys the workflow; its replay → 02 (decision 0136)', async () => {
    const { session, code } = await pendingOrder(120_000);
    clock.advance(16 * MINUTE);
    expect(await ctx.app.orders.sweepStaleOrders()).toBeGreaterThanOrEqual(1);
    await ctx.app.jobs.runDue();
    expect(await stateOf(code)).toBe('expired');
    expect((await ipn(ipnParams(ctx, code, 120_000))).RspCode).toBe('00');
    expect(await stateOf(code)).toBe('paid');
    expect(await entitlementsOf(ctx, session.user.id)).toHaveLength(1);
    expect((await ipn(ipnParams(ctx, code, 120_000))).RspCode).toBe('02');
    expect(await entitlementsOf(ctx, session.user.id)).toHaveLength(1);
  });

  it('every callback is in the append-only payment event log', async () => {
    const events = await paymentEventsOf(ctx);
    expect(events.map((event) => event.outcome)).toEqual(
      expect.arrayContaining(['not_found', 'amount_mismatch', 'paid', 'already_settled']),
    );
    const refused = await ctx.db.delete(paymentEvents).then(
      () => null,
      (error: Error) => error,
    );
    expect(String((refused?.cause as Error | undefined)?.message)).toMatch(/payment_events is append-only/);
  });
});

describe('concurrency', () => {
  it('20 parallel checkouts by one buyer make one order; 20 parallel IPNs make one entitlement', async () => {
    const workflow = await paidWorkflow(300_000);
    const giang = await buyer();
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkout(ctx, giang, workflow.id)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const codes = new Set(responses.map((response) => response.json().order.code));
    expect(codes.size).toBe(1);
    const rows = await ctx.db.select().from(ordersTable).where(eq(ordersTable.buyerId, giang.user.id));
    expect(rows).toHaveLength(1);

    const [code] = [...codes] as string[];
    const params = ipnParams(ctx, code!, 300_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ipn(params)));
    expect(answers.filter((answer) => answer.RspCode === '00')).toHaveLength(1);
    expect(answers.filter((answer) => answer.RspCode === '02')).toHaveLength(19);
    expect(await entitlementsOf(ctx, giang.user.id)).toHaveLength(1);
    await ctx.app.jobs.runDue();
    expect(readOutbox(ctx, giang.user.email)).toHaveLength(1); // one receipt
  });
});

describe('expiry and reconciliation (injected clock)', () => {
  it('a pending order expires after 15 minutes, not before', async () => {
    const workflow = await paidWorkflow();
    const hoa = await buyer();
    const { order } = (await checkout(ctx, hoa, workflow.id)).json();
    /** The order as its buyer sees it once the sweep has run `minutes` later. */
    const stateAfter = async (minutes: number) => {
      clock.advance(minutes * MINUTE);
      await ctx.app.orders.sweepStaleOrders();
      await ctx.app.jobs.runDue();
      return (await call('GET', `/api/orders/${order.code}`, hoa)).json().order.state;
    };
    expect(await stateAfter(14)).toBe('pending');
    expect(await stateAfter(2)).toBe('expired');
    // A new checkout opens a new order.
    const again = (await checkout(ctx, hoa, workflow.id)).json();
    expect(again.order.code).not.toBe(order.code);
  });

  it('a payment whose IPN never arrived is found by asking the gateway, and fulfilled', async () => {
    const workflow = await paidWorkflow(99_000);
    const khanh = await buyer();
    const { order, redirect_url } = (await checkout(ctx, khanh, workflow.id)).json();
    // The gateway charged the buyer but its IPN was lost: only its own books know.
    const params = paramsOf(redirect_url);
    await ctx.db.insert(testGatewayPayments).values({
      txnRef: params.vnp_TxnRef!,
      transactionNo: '55554444',
      amount: 99_000,
      state: 'paid',
    });
    clock.advance(16 * MINUTE);
    await ctx.app.orders.sweepStaleOrders();
    await ctx.app.jobs.runDue();
    const receipt = await call('GET', `/api/orders/${order.code}`, khanh);
    expect(receipt.json().order).toMatchObject({ state: 'paid', provider_ref: '55554444' });
    expect((await download(khanh, workflow.id)).statusCode).toBe(200);
    expect(readOutbox(ctx, khanh.user.email)[0]!.subject).toContain(order.code);
  });
});

describe('refunds', () => {
  it('request within 7 days → admin approves: refunded at the gateway, entitlement revoked, both told', async () => {
    const workflow = await paidWorkflow(250_000, 'CRM sync');
    const lam = await buyer({ locale: 'en' });
    const { code } = await buy(lam, workflow.id);
    const noReason = await call('POST', `/api/orders/${code}/refund-request`, lam, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    const asked = await call('POST', `/api/orders/${code}/refund-request`, lam, {
      reason: 'It does not work with my n8n version',
    });
    expect(asked.json().order).toMatchObject({
      refund_request: {
        state: 'open',
        reason: 'It does not work with my n8n version',
        decision_reason: null,
      },
      can_request_refund: false,
    });
    const twice = await call('POST', `/api/orders/${code}/refund-request`, lam, { reason: 'again' });
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'REFUND_ALREADY_REQUESTED']);

    const queue = await call('GET', '/api/admin/refund-requests', admin);
    expect(queue.json().orders.map((order: { code: string }) => order.code)).toContain(code);
    const noDecisionReason = await call('POST', `/api/admin/orders/${code}/refund`, admin, { reason: '' });
    expect(noDecisionReason.statusCode).toBe(400);
    const approved = await call('POST', `/api/admin/orders/${code}/refund`, admin, {
      reason: 'Incompatible version confirmed',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().order).toMatchObject({
      state: 'refunded',
      refund_request: { state: 'approved', decision_reason: 'Incompatible version confirmed' },
      buyer: { id: lam.user.id, email: lam.user.email },
    });
    expect((await download(lam, workflow.id)).statusCode).toBe(403);
    const [gateway] = await ctx.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.txnRef, code.replace(/-/g, '')));
    expect(gateway!.state).toBe('refunded');
    // The refunded purchase stays in the buyer's library, marked refunded (its file is no longer theirs).
    const library = await call('GET', '/api/me/purchases', lam);
    expect(library.json().purchases).toMatchObject([
      { order: { code, state: 'refunded' }, upgrades: [], workflow: { id: workflow.id } },
    ]);
    await ctx.app.jobs.runDue();
    expect(readOutbox(ctx, lam.user.email).map((mail) => mail.subject)).toContain(
      `Order ${code} was refunded`,
    );
    expect(readOutbox(ctx, seller.user.email).map((mail) => mail.subject)).toContain(
      'Một đơn mua "CRM sync" đã được hoàn tiền',
    );
    expect(readOutbox(ctx, ctx.env.SUPPORT_EMAIL).map((mail) => mail.subject)).toContain(
      `Refund requested for ${code}`,
    );
    const again = await call('POST', `/api/admin/orders/${code}/refund`, admin, { reason: 'twice' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'ORDER_NOT_REFUNDABLE']);
    // Refunded, the buyer may buy again.
    expect((await checkout(ctx, lam, workflow.id)).statusCode).toBe(201);
  });

  it('admin declines with a reason; the buyer keeps the workflow and is told why', async () => {
    const workflow = await paidWorkflow();
    const mai = await buyer({ locale: 'vi' });
    const { code } = await buy(mai, workflow.id);
    const noRequest = await call('POST', `/api/admin/orders/${code}/decline-refund`, admin, {
      reason: 'nothing to decline',
    });
    expect([noRequest.statusCode, noRequest.json().error.code]).toEqual([409, 'NO_REFUND_REQUEST']);
    await call('POST', `/api/orders/${code}/refund-request`, mai, { reason: 'Changed my mind' });
    const declined = await call('POST', `/api/admin/orders/${code}/decline-refund`, admin, {
      reason: 'The workflow works as described',
    });
    expect(declined.json().order).toMatchObject({
      state: 'paid',
      refund_request: { state: 'declined', decision_reason: 'The workflow works as described' },
    });
    expect((await download(mai, workflow.id)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    const mail = readOutbox(ctx, mai.user.email).find((message) =>
      message.subject.includes('không được chấp nhận'),
    );
    expect(mail!.text).toContain('Lý do: The workflow works as described');
  });

  it('the window closes after 7 days; admins can still refund directly', async () => {
    const workflow = await paidWorkflow();
    const nam = await buyer();
    const { code } = await buy(nam, workflow.id);
    clock.advance(7 * 24 * 60 * MINUTE + MINUTE);
    const late = await call('POST', `/api/orders/${code}/refund-request`, nam, { reason: 'Too late?' });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'REFUND_WINDOW_CLOSED']);
    const receipt = await call('GET', `/api/orders/${code}`, nam);
    expect(receipt.json().order.can_request_refund).toBe(false);
    const direct = await call('POST', `/api/admin/orders/${code}/refund`, admin, {
      reason: 'Goodwill refund',
    });
    expect(direct.json().order).toMatchObject({ state: 'refunded', refund_request: null });
    expect((await download(nam, workflow.id)).statusCode).toBe(403);
  });

  it('a failed order cannot be refunded or asked to be', async () => {
    const workflow = await paidWorkflow();
    const oanh = await buyer();
    const { order } = (await checkout(ctx, oanh, workflow.id)).json();
    const asked = await call('POST', `/api/orders/${order.code}/refund-request`, oanh, {
      reason: 'never paid',
    });
    expect(asked.json().error.code).toBe('ORDER_NOT_REFUNDABLE');
  });
});

describe('admin orders list', () => {
  it('searches by code or e-mail and filters by state, 20 a page', async () => {
    const workflow = await paidWorkflow();
    const quang = await buyer({ email: `quang-${Date.now()}@example.test` });
    const { code } = await buy(quang, workflow.id);
    const byEmail = await call(
      'GET',
      `/api/admin/orders?q=${encodeURIComponent(quang.user.email.toUpperCase())}`,
      admin,
    );
    expect(byEmail.json()).toMatchObject({
      total: 1,
      orders: [{ code, buyer: { email: quang.user.email } }],
    });
    const byCode = await call('GET', `/api/admin/orders?q=${code.toLowerCase()}`, admin);
    expect(byCode.json().orders.map((order: { code: string }) => order.code)).toEqual([code]);
    const failed = await call('GET', '/api/admin/orders?state=failed', admin);
    expect(failed.json().orders.every((order: { state: string }) => order.state === 'failed')).toBe(true);
    expect(failed.json().total).toBeGreaterThanOrEqual(1);
    const all = await call('GET', '/api/admin/orders', admin);
    expect(all.json().orders.length).toBeLessThanOrEqual(20);
    expect(all.json().total).toBeGreaterThan(all.json().orders.length);
    const second = await call('GET', '/api/admin/orders?page=1', admin);
    expect(second.json().orders[0].code).not.toBe(all.json().orders[0].code);
  });
});

describe('the test gateway over real HTTP', () => {
  it("sends its signed IPN over HTTP to the real server's IPN address", async () => {
    let address = '';
    const real = await createTestApp({
      app: { testGatewayIpn: { url: () => `${address}/api/payments/vnpay/ipn` } },
    });
    try {
      await real.app.listen({ port: 0, host: '127.0.0.1' });
      address = `http://127.0.0.1:${(real.app.server.address() as AddressInfo).port}`;
      const author = await createUser(real.db);
      const workflow = await createWorkflow(real.db, real.storage, { userId: author.id, price: 75_000 });
      const session = await signInAs(real, await createUser(real.db));
      const placed = await fetch(`${address}/api/orders`, {
        method: 'POST',
        headers: { ...session.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ workflow_id: workflow.id, provider: 'test' }),
      });
      const { order, redirect_url } = (await placed.json()) as {
        order: { code: string };
        redirect_url: string;
      };
      const paid = await fetch(`${address}/api/payments/test-gateway/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ params: paramsOf(redirect_url), outcome: 'pay' }),
      });
      expect(paid.status).toBe(200);
      const receipt = await fetch(`${address}/api/orders/${order.code}`, { headers: session.headers });
      expect(((await receipt.json()) as { order: { state: string } }).order.state).toBe('paid');
      const events = await paymentEventsOf(real);
      expect(events.map((event) => [event.kind, event.outcome])).toEqual([['ipn', 'paid']]);
    } finally {
      await real.close();
    }
  });
});
