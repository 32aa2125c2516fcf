import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders as ordersTable, paymentEvents, rejectedCallbacks } from '../../db/schema.ts';
import { parseVnpayDate, vnpayDate } from '../../infra/payments/vnpay.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import {
  entitlementsOf,
  ipnParams,
  manualClock,
  queryString,
  signVnpay,
  testGatewaySecretOf,
} from '../../test/payments.ts';
import { injectedIpn, placeOrder } from '../../test/selling.ts';
import { CALLBACKS_PER_ADDRESS_AND_MINUTE } from './payments.routes.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const clock = manualClock();
let ctx: TestContext;
let seller: TestSession;

beforeAll(async () => {
  ctx = await createTestApp({ app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) } });
  seller = await signedInUser(ctx);
});
afterAll(() => ctx.close());

async function pendingOrder(price = 90_000) {
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price });
  const buyer = await signedInUser(ctx);
  const { code, redirectUrl } = await placeOrder(ctx, buyer, workflow.id);
  return { buyer, code, params: Object.fromEntries(new URL(redirectUrl).searchParams) };
}

/** The test gateway's page: what it says of a payment address's `params`, and pressing Pay on it. */
const gatewaySession = (params: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/payments/test-gateway/session?${queryString(params)}` });
const pressPay = (params: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/test-gateway/complete',
    payload: { params, outcome: 'pay' },
  });

async function stateOf(code: string) {
  const [row] = await ctx.db.select().from(ordersTable).where(eq(ordersTable.code, code));
  return row!.state;
}

function ipnFrom(address: string, params: Record<string, string>) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/payments/vnpay/ipn?${queryString(params)}`,
    remoteAddress: address,
  });
}

const countEvents = async () => (await ctx.db.select({ id: paymentEvents.id }).from(paymentEvents)).length;

describe("the buyer's own payment address is not a provider's report", () => {
  it('sent to the IPN address it is refused as unsigned (97) and the order stays payable', async () => {
    const { buyer, code, params } = await pendingOrder();
    // The payment request carries our own signature, but it is a request, not VNPay's result.
    expect(params.vnp_Command).toBe('pay');
    const answer = (await ipnFrom('203.0.113.7', params)).json();
    expect(answer).toEqual({ RspCode: '97', Message: 'Invalid signature' });
    const back = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/vnpay/return?${queryString(params)}`,
    });
    expect(back.headers.location).toBe('/');
    expect(await stateOf(code)).toBe('pending');

    // The real result still pays it.
    const paid = await pressPay(params);
    expect(paid.statusCode).toBe(200);
    expect(await stateOf(code)).toBe('paid');
    expect(await entitlementsOf(ctx, buyer.user.id)).toHaveLength(1);
  });

  it('a signed report whose shape is a request (a command, or no transaction status) is refused too', async () => {
    const { code } = await pendingOrder(70_000);
    const withCommand = ipnParams(ctx, code, 70_000, { vnp_Command: 'pay' });
    expect((await ipnFrom('203.0.113.8', withCommand)).json().RspCode).toBe('97');
    const { vnp_TransactionStatus: _status, ...noStatus } = ipnParams(ctx, code, 70_000);
    const resigned = signVnpay(
      Object.fromEntries(Object.entries(noStatus).filter(([key]) => key !== 'vnp_SecureHash')),
      testGatewaySecretOf(ctx),
    );
    expect((await ipnFrom('203.0.113.8', resigned)).json().RspCode).toBe('97');
    expect(await stateOf(code)).toBe('pending');
  });
});

describe("the test gateway's clock (VNPay's dates are Vietnam's time, GMT+7)", () => {
  it('reads and writes GMT+7 whatever the server time zone', () => {
    const instant = new Date('2026-11-27T17:30:05Z');
    expect(vnpayDate(instant)).toBe(20261128003005);
    expect(parseVnpayDate('20261128003005')?.toISOString()).toBe(instant.toISOString());
    expect(parseVnpayDate('20261332003005')).toBeNull();
    expect(parseVnpayDate('')).toBeNull();
  });

  it('takes a payment until the order expires, and none a second after', async () => {
    const early = await pendingOrder(60_000);
    const late = await pendingOrder(60_000);
    const expiresAt = parseVnpayDate(early.params.vnp_ExpireDate!)!;
    // VNPay's dates count whole seconds.
    expect(Math.ceil((expiresAt.getTime() - clock.now().getTime()) / SECOND)).toBe(15 * 60);

    clock.advance(expiresAt.getTime() - SECOND - clock.now().getTime());
    const session = await gatewaySession(early.params);
    expect(session.json()).toMatchObject({ valid: true, order_code: early.code });
    const paid = await pressPay(early.params);
    expect(paid.statusCode).toBe(200);
    expect(await stateOf(early.code)).toBe('paid');

    // One second past the expiry, and the 7 and 14 hours a time-zone slip would have allowed.
    for (const past of [SECOND, 7 * 60 * MINUTE, 14 * 60 * MINUTE - MINUTE]) {
      clock.advance(expiresAt.getTime() + past - clock.now().getTime());
      const expired = await gatewaySession(late.params);
      expect(expired.json().valid).toBe(false);
      const refused = await pressPay(late.params);
      expect(refused.statusCode).toBe(400);
    }
    expect(await stateOf(late.code)).toBe('pending');
  });

  it('refuses a request without a readable expiry', async () => {
    const { params } = await pendingOrder(50_000);
    const { vnp_ExpireDate: _expiry, ...rest } = params;
    const session = await gatewaySession(rest);
    expect(session.json().valid).toBe(false);
  });
});

describe('a flood of forged callbacks', () => {
  it('is counted per address and hour, not stored: past 30 a minute the address gets 429', async () => {
    const { code } = await pendingOrder(40_000);
    const before = await countEvents();
    const forged = { ...ipnParams(ctx, code, 40_000), vnp_SecureHash: 'ab'.repeat(64) };
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) answers.push((await ipnFrom('198.51.100.9', forged)).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers.slice(30).every((status) => status === 429)).toBe(true);
    const limited = await ipnFrom('198.51.100.9', forged);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    expect(await countEvents()).toBe(before);
    const rows = await ctx.db
      .select()
      .from(rejectedCallbacks)
      .where(eq(rejectedCallbacks.address, '198.51.100.9'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'test', kind: 'ipn', count: 30 });

    // Another address (the provider's) is not held back by the flood: its report pays the order.
    const genuine = await ipnFrom('192.0.2.10', ipnParams(ctx, code, 40_000));
    expect(genuine.json().RspCode).toBe('00');
    expect(await stateOf(code)).toBe('paid');
    expect(await countEvents()).toBe(before + 1);
  });

  it('a replayed valid IPN is logged until the address passes 600 a minute, then refused', async () => {
    const { code } = await pendingOrder(45_000);
    const genuine = ipnParams(ctx, code, 45_000);
    expect((await ipnFrom('192.0.2.44', genuine)).json().RspCode).toBe('00');
    const before = await countEvents();
    const statuses: number[] = [];
    for (let i = 1; i < CALLBACKS_PER_ADDRESS_AND_MINUTE + 5; i++) {
      statuses.push((await ipnFrom('192.0.2.44', genuine)).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(CALLBACKS_PER_ADDRESS_AND_MINUTE - 1);
    expect(statuses.slice(CALLBACKS_PER_ADDRESS_AND_MINUTE - 1).every((status) => status === 429)).toBe(true);
    expect(await countEvents()).toBe(before + CALLBACKS_PER_ADDRESS_AND_MINUTE - 1);
    expect(await stateOf(code)).toBe('paid');
  });

  it('keeps a bounded sample of a huge forged callback', async () => {
    const huge: Record<string, string> = { vnp_SecureHash: 'cd'.repeat(64) };
    for (let i = 0; i < 500; i++) huge[`vnp_Field${i}`] = 'x'.repeat(1000);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/vnpay/ipn?${queryString(huge)}`,
      remoteAddress: '198.51.100.77',
    });
    expect(response.json().RspCode).toBe('97');
    const [row] = await ctx.db
      .select()
      .from(rejectedCallbacks)
      .where(eq(rejectedCallbacks.address, '198.51.100.77'));
    expect(JSON.stringify(row!.lastSample).length).toBeLessThan(10_000);
  });

  it('the counts are pruned after 30 days', async () => {
    const stale = await ctx.db.select({ id: rejectedCallbacks.id }).from(rejectedCallbacks);
    expect(stale.length).toBeGreaterThan(0);
    clock.advance(31 * DAY);
    expect(await ctx.app.orders.pruneRejectedCallbacks()).toBe(stale.length);
    expect(await ctx.db.select().from(rejectedCallbacks)).toEqual([]);
  });
});
