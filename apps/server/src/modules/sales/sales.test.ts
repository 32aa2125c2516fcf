import { eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitSale, type SalesDashboard } from '@flowbay/domain';
import { ledgerEntries, orders, payoutAccounts, payouts, sales } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { readOutbox, sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { ipnParams, manualClock, queryString } from '../../test/payments.ts';
import { buyThroughTestGateway, injectedIpn, ledgerEntriesOf, refundAsAdmin } from '../../test/selling.ts';
import { declareTaxProfile, TAX_PROFILES } from '../../test/tax.ts';
import { ledgerWrites } from './sales.repository.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const clock = manualClock(new Date('2026-03-02T03:00:00Z'));
let ctx: TestContext;
const call = sessionCaller(() => ctx);
let admin: TestSession;

beforeAll(async () => {
  ctx = await createTestApp({ app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) } });
  admin = await signedInUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

/** A company seller: nothing is withheld, so these tests follow the fee alone (tax.test.ts has the tax). */
async function newSeller(locale: 'en' | 'vi' = 'en') {
  const seller = await signedInUser(ctx, { name: 'Lan Seller', locale });
  await declareTaxProfile(ctx, seller, TAX_PROFILES.company);
  return seller;
}

async function sell(seller: TestSession, price: number) {
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price });
  const buyer = await signedInUser(ctx);
  const { code } = await buyThroughTestGateway(ctx, buyer, workflow.id);
  return { code, workflow, buyer };
}

async function dashboard(session: TestSession): Promise<SalesDashboard> {
  const response = await call('GET', '/api/me/sales', session);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function setAccount(session: TestSession, payload: Record<string, string>, headers = session.headers) {
  return ctx.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers, payload });
}

const VCB_ACCOUNT = { bank_code: 'VCB', account_number: '0071 0012 3456 7', holder_name: 'Nguyễn Văn Đức' };

async function requestPayout(session: TestSession, headers: Record<string, string> = session.headers) {
  return ctx.app.inject({ method: 'POST', url: '/api/me/payouts', headers });
}

async function markPaid(id: string, session = admin, headers: Record<string, string> = session.headers) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/payouts/${id}/paid`,
    headers,
    payload: { transfer_ref: 'FT26061123456' },
  });
}

/** A seller with a bank account past its 48-hour hold. */
async function sellerReadyForPayout() {
  const seller = await newSeller();
  expect((await setAccount(seller, VCB_ACCOUNT)).statusCode).toBe(200);
  clock.advance(48 * HOUR + 1000);
  return seller;
}

describe('the fee', () => {
  it('splits whole đồng, rounding the fee half up, and fee + share is always the price', () => {
    expect(splitSale(150_000, 1000)).toEqual({ fee: 15_000, sellerShare: 135_000 });
    expect(splitSale(99_995, 1000)).toEqual({ fee: 10_000, sellerShare: 89_995 }); // 9 999.5 → 10 000
    expect(splitSale(99_994, 1000)).toEqual({ fee: 9_999, sellerShare: 89_995 }); // 9 999.4 → 9 999
    expect(splitSale(10_001, 1250)).toEqual({ fee: 1_250, sellerShare: 8_751 }); // 1 250.125 → 1 250
    expect(splitSale(1_000_000_000, 10_000)).toEqual({ fee: 1_000_000_000, sellerShare: 0 });
    expect(splitSale(123_457, 0)).toEqual({ fee: 0, sellerShare: 123_457 });
  });
});

describe('a sale, from payment to the seller’s bank', () => {
  it('sale → fee and credit → pending → available after 7 days → payout → paid → balance zero', async () => {
    const seller = await newSeller('vi');
    const { code } = await sell(seller, 250_000);

    const [sale] = await ctx.db.select().from(sales).where(eq(sales.sellerId, seller.user.id));
    expect(sale).toMatchObject({ price: 250_000, feeBasisPoints: 1000, fee: 25_000, sellerShare: 225_000 });
    expect(await ledgerEntriesOf(ctx, seller.user.id)).toEqual([
      { kind: 'platform_fee', amount: -25_000 },
      { kind: 'sale_credit', amount: 250_000 },
    ]);
    let view = await dashboard(seller);
    expect(view.balances).toEqual({ pending: 225_000, available: 0, in_payment: 0, paid_out: 0 });
    expect(view.payout_blocker).toBe('no_account');
    expect(view.daily).toHaveLength(30);
    expect(view.monthly).toHaveLength(12);
    expect(view.daily.at(-1)).toEqual({ period: '2026-03-02', sales: 1, gross: 250_000, earnings: 225_000 });
    expect(view.monthly.at(-1)).toMatchObject({ period: '2026-03', sales: 1, earnings: 225_000 });
    expect(view.workflows[0]).toMatchObject({ sales: 1, refunds: 0, gross: 250_000, earnings: 225_000 });

    // The provider repeats its IPN: the order is already settled and nothing is added.
    const replay = await call(
      'GET',
      `/api/payments/vnpay/ipn?${queryString(ipnParams(ctx, code, 250_000))}`,
      null,
    );
    expect(replay.json().RspCode).toBe('02');
    expect(await ledgerWrites(ctx.db).recordSale(sale!)).toBe(false);
    expect(await ledgerEntriesOf(ctx, seller.user.id)).toHaveLength(2);

    clock.advance(7 * DAY - 1000);
    expect((await dashboard(seller)).balances).toMatchObject({ pending: 225_000, available: 0 });
    clock.advance(2000);
    expect((await dashboard(seller)).balances).toMatchObject({ pending: 0, available: 225_000 });

    expect((await requestPayout(seller)).json().error.code).toBe('PAYOUT_ACCOUNT_REQUIRED');
    const saved = await setAccount(seller, VCB_ACCOUNT);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().account).toMatchObject({
      bank_code: 'VCB',
      bank_short_name: 'Vietcombank',
      account_number: '•••••••••4567',
      holder_name: 'NGUYEN VAN DUC',
    });
    // At rest the number is sealed: the row holds no digit run of it, only the seal and the mask.
    const [stored] = await ctx.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.sellerId, seller.user.id));
    expect(stored).toMatchObject({ accountNumber: null, accountNumberMasked: '•••••••••4567' });
    expect(stored!.accountNumberSealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(stored)).not.toContain('0071001234567');
    expect((await call('GET', '/api/me/payout-account', seller)).body).not.toContain('0071001234567');
    await ctx.app.jobs.runDue();
    const [changed] = readOutbox(ctx, seller.user.email);
    expect(changed?.subject).toBe('Tài khoản nhận tiền Flowbay đã thay đổi');
    expect(changed?.text).toContain('•••• 4567');
    expect(changed?.text).not.toContain('0071001234567');

    const held = await requestPayout(seller);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.code).toBe('PAYOUT_ACCOUNT_ON_HOLD');
    expect((await dashboard(seller)).payout_blocker).toBe('account_on_hold');
    clock.advance(48 * HOUR);

    const requested = await requestPayout(seller);
    expect(requested.statusCode).toBe(201);
    const payout = requested.json().payout;
    expect(payout).toMatchObject({ amount: 225_000, state: 'requested', account_number: '•••••••••4567' });
    const [payoutRow] = await ctx.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(JSON.stringify(payoutRow)).not.toContain('0071001234567');
    view = await dashboard(seller);
    expect(view.balances).toEqual({ pending: 0, available: 0, in_payment: 225_000, paid_out: 0 });
    expect(view.payout_blocker).toBe('payout_in_progress');

    const queue = await call('GET', '/api/admin/payouts?state=requested', admin);
    expect(queue.json().payouts.map((row: { id: string }) => row.id)).toContain(payout.id);
    // The admins' list masks it too; only the bank batch below carries the whole number.
    expect(queue.body).not.toContain('0071001234567');
    expect(queue.json().payos_payouts).toBe(false);
    // Without payOS's payout channel nothing can be sent: the CSV batch is the way.
    const notConfigured = await call('POST', '/api/admin/payouts/send', admin, { ids: [payout.id] });
    expect(notConfigured.statusCode).toBe(409);
    expect(notConfigured.json().error.code).toBe('PAYOS_PAYOUTS_NOT_CONFIGURED');
    const csv = await call('GET', '/api/admin/payouts.csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const line = csv.body.split('\r\n').find((row) => row.startsWith(payout.id));
    expect(line).toBe(
      `${payout.id},970436,VCB,Vietcombank,0071001234567,NGUYEN VAN DUC,225000,FLOWBAY PAYOUT ${payout.id.slice(0, 8).toUpperCase()},${seller.user.email},${payout.created_at}`,
    );

    const paid = await markPaid(payout.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payout).toMatchObject({ state: 'paid', transfer_ref: 'FT26061123456' });
    expect((await markPaid(payout.id)).json().error.code).toBe('PAYOUT_ALREADY_DECIDED');
    view = await dashboard(seller);
    expect(view.balances).toEqual({ pending: 0, available: 0, in_payment: 0, paid_out: 225_000 });
    expect(view.payouts[0]).toMatchObject({ state: 'paid', transfer_ref: 'FT26061123456' });
    await ctx.app.jobs.runDue();
    const mails = readOutbox(ctx, seller.user.email);
    expect(mails.at(-1)?.subject).toBe('Flowbay đã chuyển tiền cho bạn');
    expect(mails.at(-1)?.text).toContain('FT26061123456');

    const salesCsv = await call('GET', '/api/me/sales.csv', seller);
    expect(salesCsv.body.split('\r\n')[1]).toMatch(new RegExp(`^${code},.*,250000,10,25000,225000,`));
  });

  it('a refund inside the window takes the share back from pending; the fee is not kept', async () => {
    const seller = await newSeller();
    await sell(seller, 120_000);
    const { code } = await sell(seller, 100_000);
    await refundAsAdmin(ctx, admin, code);
    expect((await dashboard(seller)).balances).toEqual({
      pending: 108_000,
      available: 0,
      in_payment: 0,
      paid_out: 0,
    });
    expect(await ledgerEntriesOf(ctx, seller.user.id)).toContainEqual({
      kind: 'refund_reversal',
      amount: -90_000,
    });
    clock.advance(7 * DAY + 1000);
    const view = await dashboard(seller);
    expect(view.balances).toEqual({ pending: 0, available: 108_000, in_payment: 0, paid_out: 0 });
    expect(view.workflows.map((row) => [row.sales, row.refunds]).sort()).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('a refund after the payout makes the balance negative, and the next sale pays it back first', async () => {
    const seller = await sellerReadyForPayout();
    const { code } = await sell(seller, 300_000);
    clock.advance(7 * DAY + 1000);
    const payout = (await requestPayout(seller)).json().payout;
    expect((await markPaid(payout.id)).statusCode).toBe(200);

    await refundAsAdmin(ctx, admin, code);
    expect((await dashboard(seller)).balances).toEqual({
      pending: 0,
      available: -270_000,
      in_payment: 0,
      paid_out: 270_000,
    });
    await sell(seller, 500_000);
    clock.advance(7 * DAY + 1000);
    const view = await dashboard(seller);
    expect(view.balances.available).toBe(180_000);
    expect(view.payout_blocker).toBe('below_minimum');
    expect((await requestPayout(seller)).json().error.code).toBe('PAYOUT_BELOW_MINIMUM');
  });

  it('a payout approved after a sale in it was refunded pays what is left and says what it was', async () => {
    const seller = await sellerReadyForPayout();
    await sell(seller, 300_000);
    const { code } = await sell(seller, 200_000);
    clock.advance(7 * DAY + 1000);
    const requested = (await requestPayout(seller)).json().payout;
    expect([requested.amount, requested.requested_amount]).toEqual([450_000, null]);

    // Refunded after the request: the balance owes that sale's share until the payout is decided.
    await refundAsAdmin(ctx, admin, code);
    expect((await dashboard(seller)).balances).toMatchObject({ available: -180_000, in_payment: 450_000 });

    const paid = await markPaid(requested.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payout).toMatchObject({ state: 'paid', amount: 270_000, requested_amount: 450_000 });
    const view = await dashboard(seller);
    expect(view.balances).toEqual({ pending: 0, available: 0, in_payment: 0, paid_out: 270_000 });
    expect(view.payouts[0]).toMatchObject({ amount: 270_000, requested_amount: 450_000 });
    const entries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, requested.id));
    expect(entries.map((entry) => [entry.kind, entry.amount]).sort()).toEqual([
      ['payout', -450_000],
      ['payout_adjustment', 180_000],
    ]);
    await ctx.app.jobs.runDue();
    const mail = readOutbox(ctx, seller.user.email).find((sent) => sent.text.includes('FT26061123456'))!;
    expect(mail.text).toContain('270,000');
    expect(mail.text).not.toContain('450,000');
  });

  it('a payout whose every sale was refunded before approval fails, and the balance is zero', async () => {
    const seller = await sellerReadyForPayout();
    const { code } = await sell(seller, 300_000);
    clock.advance(7 * DAY + 1000);
    const requested = (await requestPayout(seller)).json().payout;
    await refundAsAdmin(ctx, admin, code);
    const marked = await markPaid(requested.id);
    expect(marked.statusCode, marked.body).toBe(200);
    const answer = marked.json().payout;
    expect(answer).toMatchObject({
      state: 'failed',
      amount: 270_000,
      failure_reason: 'Every sale in this payout was refunded before it was approved',
    });
    expect((await dashboard(seller)).balances).toEqual({
      pending: 0,
      available: 0,
      in_payment: 0,
      paid_out: 0,
    });
  });

  it('a failed payout returns the money to the available balance and tells the seller', async () => {
    const seller = await sellerReadyForPayout();
    await sell(seller, 400_000);
    clock.advance(7 * DAY + 1000);
    const payout = (await requestPayout(seller)).json().payout;
    const failed = await call('POST', `/api/admin/payouts/${payout.id}/failed`, admin, {
      reason: 'Account closed',
    });
    expect(failed.json().payout).toMatchObject({ state: 'failed', failure_reason: 'Account closed' });
    expect((await dashboard(seller)).balances).toEqual({
      pending: 0,
      available: 360_000,
      in_payment: 0,
      paid_out: 0,
    });
    expect((await ledgerEntriesOf(ctx, seller.user.id)).slice(-2)).toEqual([
      { kind: 'payout', amount: -360_000 },
      { kind: 'payout_reversal', amount: 360_000 },
    ]);
    await ctx.app.jobs.runDue();
    // Two mails go out in this run (the account change and the failure); the outbox does not order them.
    const failedMail = readOutbox(ctx, seller.user.email).find((mail) =>
      mail.text?.includes('Account closed'),
    );
    expect(failedMail?.subject).toMatch(/payout failed|không thành công/);
    expect((await requestPayout(seller)).statusCode).toBe(201);
  });

  it('two payout requests at once: one draws the balance, the other is refused', async () => {
    const seller = await sellerReadyForPayout();
    await sell(seller, 400_000);
    clock.advance(7 * DAY + 1000);
    const answers = await Promise.all([requestPayout(seller), requestPayout(seller), requestPayout(seller)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(['PAYOUT_IN_PROGRESS', 'PAYOUT_BELOW_MINIMUM']).toContain(answer.json().error.code);
    }
    const rows = await ctx.db.select().from(payouts).where(eq(payouts.sellerId, seller.user.id));
    expect(rows.map((row) => row.amount)).toEqual([360_000]);
    expect((await dashboard(seller)).balances).toMatchObject({ available: 0, in_payment: 360_000 });
  });
});

describe('bank accounts', () => {
  it('refuses an unknown bank, a bad account number and a one-word or non-Latin holder name', async () => {
    const seller = await newSeller();
    const cases = [
      [{ ...VCB_ACCOUNT, bank_code: 'NOPE' }, 'bank_code'],
      [{ ...VCB_ACCOUNT, account_number: '12345' }, 'account_number'],
      [{ ...VCB_ACCOUNT, account_number: '0071-ABC-123' }, 'account_number'],
      [{ ...VCB_ACCOUNT, holder_name: 'Duc' }, 'holder_name'],
      [{ ...VCB_ACCOUNT, holder_name: 'Иван Петров' }, 'holder_name'],
    ] as const;
    for (const [payload, field] of cases) {
      const response = await setAccount(seller, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    expect((await call('GET', '/api/me/payout-account', seller)).json()).toEqual({
      account: null,
    });
  });

  it('saving the same account again neither e-mails nor restarts the hold; a change does both', async () => {
    const seller = await sellerReadyForPayout();
    await ctx.app.jobs.runDue();
    const before = readOutbox(ctx, seller.user.email).length;
    await setAccount(seller, { ...VCB_ACCOUNT, holder_name: 'NGUYEN VAN DUC' });
    await ctx.app.jobs.runDue();
    expect(readOutbox(ctx, seller.user.email)).toHaveLength(before);
    expect((await dashboard(seller)).payout_blocker).toBe('below_minimum');
    await setAccount(seller, { ...VCB_ACCOUNT, bank_code: 'TCB' });
    await ctx.app.jobs.runDue();
    expect(readOutbox(ctx, seller.user.email)).toHaveLength(before + 1);
    expect((await dashboard(seller)).payout_blocker).toBe('account_on_hold');
  });

  it('lists the NAPAS/VietQR banks to anyone', async () => {
    const response = await call('GET', '/api/banks', null);
    const { banks } = response.json();
    expect(banks.length).toBeGreaterThanOrEqual(30);
    expect(banks).toContainEqual(expect.objectContaining({ code: 'BIDV', bin: '970418' }));
    expect(new Set(banks.map((bank: { bin: string }) => bank.bin)).size).toBe(banks.length);
  });
});

describe('who may do what', () => {
  it('refuses the anonymous caller, other sellers, non-admins and foreign Origins, and changes nothing', async () => {
    const seller = await sellerReadyForPayout();
    await sell(seller, 300_000);
    clock.advance(7 * DAY + 1000);
    const payout = (await requestPayout(seller)).json().payout;
    const other = await newSeller();

    const reads = ['/api/me/sales', '/api/me/sales.csv', '/api/me/payout-account'];
    for (const url of reads) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await setAccount(seller, VCB_ACCOUNT, {} as never)).statusCode).toBe(401);
    expect((await requestPayout(seller, {})).statusCode).toBe(401);

    // Another seller sees only their own (empty) money and cannot act on this payout.
    const theirs = await dashboard(other);
    expect(theirs.balances).toEqual({ pending: 0, available: 0, in_payment: 0, paid_out: 0 });
    expect(theirs.payouts).toEqual([]);
    const adminReads = ['/api/admin/payouts', '/api/admin/payouts.csv', '/api/admin/revenue'];
    for (const url of adminReads) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url, headers: other.headers })).statusCode, url).toBe(
        403,
      );
    }
    expect((await markPaid(payout.id, other)).statusCode).toBe(403);
    expect((await markPaid(payout.id, seller)).statusCode).toBe(403);
    const failedByOwner = await call('POST', `/api/admin/payouts/${payout.id}/failed`, seller, {
      reason: 'I want it back',
    });
    expect(failedByOwner.statusCode).toBe(403);

    const foreign = (session: TestSession) => ({
      cookie: session.headers.cookie,
      origin: 'https://evil.example',
    });
    for (const response of [
      await setAccount(seller, { ...VCB_ACCOUNT, bank_code: 'ACB' }, foreign(seller)),
      await requestPayout(seller, foreign(seller)),
      await markPaid(payout.id, admin, foreign(admin)),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
    }
    const view = await dashboard(seller);
    expect(view.account?.bank_code).toBe('VCB');
    expect(view.payouts).toEqual([expect.objectContaining({ id: payout.id, state: 'requested' })]);
    expect((await markPaid('00000000-0000-4000-8000-000000000000')).json().error.code).toBe(
      'PAYOUT_NOT_FOUND',
    );
  });
});

describe('the admin revenue view', () => {
  it('shows fees earned this month net of refunds, refunds, and pending payouts', async () => {
    const response = await call('GET', '/api/admin/revenue', admin);
    expect(response.statusCode).toBe(200);
    const revenue = response.json();
    expect(revenue.fee_percent).toBe(10);
    expect(revenue.months).toHaveLength(12);
    const [kept] = await ctx.db
      .select({ fees: sql<string>`coalesce(sum(${sales.fee}), 0)::text` })
      .from(sales)
      .innerJoin(orders, eq(orders.id, sales.orderId))
      .where(isNull(orders.refundedAt));
    const total = revenue.months.reduce((sum: number, month: { fees: number }) => sum + month.fees, 0);
    expect(total).toBe(Number(kept!.fees));
    expect(total).toBeGreaterThan(0);
    const [refunded] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .innerJoin(orders, eq(orders.id, sales.orderId))
      .where(isNotNull(orders.refundedAt));
    expect(refunded!.n).toBe(4);
    expect(revenue.months.reduce((sum: number, month: { refunds: number }) => sum + month.refunds, 0)).toBe(
      refunded!.n,
    );
    const [pending] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(eq(payouts.state, 'requested'));
    expect(revenue.pending_payouts.count).toBe(pending!.n);
  });
});

describe('the ledger is append-only', () => {
  it('refuses to update or delete an entry or a sale', async () => {
    await expect(ctx.db.update(ledgerEntries).set({ amount: 1 })).rejects.toThrow();
    await expect(ctx.db.delete(ledgerEntries)).rejects.toThrow();
    await expect(ctx.db.update(sales).set({ fee: 0 })).rejects.toThrow();
  });
});
