import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxReport, TaxStatement } from '@flowbay/domain';
import { ledgerEntries, sales, sellerTaxProfiles } from '../../db/schema.ts';
import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { unsealText } from '../../infra/sealed-text.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway, injectedIpn, ledgerEntriesOf, refundAsAdmin } from '../../test/selling.ts';
import { declareTaxProfile, TAX_PROFILES } from '../../test/tax.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// 10:00 on 2 March 2026 in Vietnam.
const clock = manualClock(new Date('2026-03-02T03:00:00Z'));
let ctx: TestContext;
const call = sessionCaller(() => ctx);
const setClock = (at: string) => clock.advance(new Date(at).getTime() - clock.now().getTime());
let admin: TestSession;

beforeAll(async () => {
  ctx = await createTestApp({ app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) } });
  admin = await signedInUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

async function sell(seller: TestSession, price: number) {
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price });
  const buyer = await signedInUser(ctx);
  const { code } = await buyThroughTestGateway(ctx, buyer, workflow.id);
  return code;
}

async function saleOf(sellerId: string) {
  const [row] = await ctx.db.select().from(sales).where(eq(sales.sellerId, sellerId));
  return row!;
}

async function report(month: string): Promise<TaxReport> {
  const response = await call('GET', `/api/admin/tax-report?month=${month}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

// 200 000 đ: fee 10 % = 20 000, VAT 5 % = 10 000, PIT 2 % = 4 000, the seller is paid 166 000.
const WITHHELD = [
  { kind: 'pit_withheld', amount: -4_000 },
  { kind: 'platform_fee', amount: -20_000 },
  { kind: 'sale_credit', amount: 200_000 },
  { kind: 'vat_withheld', amount: -10_000 },
];

describe('withholding on every paid sale', () => {
  it('withholds 5 % VAT and 2 % PIT from an individual, in the sale’s transaction, and records the rates', async () => {
    const seller = await signedInUser(ctx);
    await declareTaxProfile(ctx, seller, TAX_PROFILES.individual);
    await sell(seller, 200_000);
    expect(await ledgerEntriesOf(ctx, seller.user.id)).toEqual(WITHHELD);
    expect(await saleOf(seller.user.id)).toMatchObject({
      taxKind: 'individual',
      feeBasisPoints: 1000,
      vatBasisPoints: 500,
      pitBasisPoints: 200,
      fee: 20_000,
      sellerShare: 180_000,
      vat: 10_000,
      pit: 4_000,
    });
    const view = (await call('GET', '/api/me/sales', seller)).json();
    expect(view.balances.pending).toBe(166_000);
    const csv = (await call('GET', '/api/me/sales.csv', seller)).body.split('\r\n');
    expect(csv[0]).toContain(',fee_vnd,seller_share_vnd,vat_withheld_vnd,pit_withheld_vnd,net_vnd,');
    expect(csv[1]).toContain(',200000,10,20000,180000,10000,4000,166000,');
    expect(view.monthly.at(-1)).toMatchObject({ period: '2026-03', gross: 200_000, earnings: 166_000 });
    const split = { gross: 200_000, fee: 20_000, vat: 10_000, pit: 4_000, net: 166_000 };
    expect(view.tax_months.at(-1)).toEqual({ period: '2026-03', ...split });
    expect(view.recent_sales).toEqual([expect.objectContaining({ ...split, refunded: false })]);
  });

  it('withholds from a household business and from a seller who declared nothing, as from an individual', async () => {
    const household = await signedInUser(ctx);
    await declareTaxProfile(ctx, household, TAX_PROFILES.household);
    const undeclared = await signedInUser(ctx);
    await sell(household, 200_000);
    await sell(undeclared, 200_000);
    expect(await ledgerEntriesOf(ctx, household.user.id)).toEqual(WITHHELD);
    expect(await ledgerEntriesOf(ctx, undeclared.user.id)).toEqual(WITHHELD);
    expect((await saleOf(household.user.id)).taxKind).toBe('household');
    expect((await saleOf(undeclared.user.id)).taxKind).toBe('individual');
  });

  it('withholds nothing from a company', async () => {
    const company = await signedInUser(ctx);
    await declareTaxProfile(ctx, company, TAX_PROFILES.company);
    await sell(company, 200_000);
    expect(await ledgerEntriesOf(ctx, company.user.id)).toEqual([
      { kind: 'platform_fee', amount: -20_000 },
      { kind: 'sale_credit', amount: 200_000 },
    ]);
    expect(await saleOf(company.user.id)).toMatchObject({
      taxKind: 'company',
      vatBasisPoints: 0,
      pitBasisPoints: 0,
      vat: 0,
      pit: 0,
    });
  });

  it('rounds each tax half up to a whole đồng', async () => {
    const seller = await signedInUser(ctx);
    // 99 990 đ: VAT 4 999.5 → 5 000, PIT 1 999.8 → 2 000, fee 9 999 → 9 999.
    await sell(seller, 99_990);
    expect(await saleOf(seller.user.id)).toMatchObject({ fee: 9_999, vat: 5_000, pit: 2_000 });
  });

  it('a refund returns the tax withheld to the đồng, and the sale’s entries sum to zero', async () => {
    const seller = await signedInUser(ctx);
    await declareTaxProfile(ctx, seller, TAX_PROFILES.individual);
    const code = await sell(seller, 200_000);
    clock.advance(2 * DAY);
    await refundAsAdmin(ctx, admin, code);
    const entries = await ledgerEntriesOf(ctx, seller.user.id);
    expect(entries).toEqual(
      expect.arrayContaining([
        { kind: 'refund_reversal', amount: -180_000 },
        { kind: 'vat_reversal', amount: 10_000 },
        { kind: 'pit_reversal', amount: 4_000 },
      ]),
    );
    expect(entries).toHaveLength(7);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    const view = (await call('GET', '/api/me/sales', seller)).json();
    expect(view.balances).toMatchObject({ pending: 0, available: 0 });
    // A refunded sale stays listed, marked, and leaves its month.
    expect(view.recent_sales).toEqual([expect.objectContaining({ vat: 10_000, refunded: true })]);
    expect(view.tax_months.at(-1)).toMatchObject({ gross: 0, vat: 0, pit: 0, net: 0 });
  });
});

describe('the tax profile', () => {
  it('stores the tax code sealed, answers it masked, and refuses malformed ones', async () => {
    const seller = await signedInUser(ctx);
    expect((await call('GET', '/api/me/tax-profile', seller)).json()).toEqual({ profile: null });
    const profile = await declareTaxProfile(ctx, seller, {
      ...TAX_PROFILES.household,
      tax_id: '0312 345 678-001',
    });
    expect(profile).toMatchObject({
      kind: 'household',
      legal_name: 'Hộ kinh doanh Minh Phát',
      tax_id_masked: '•••••••678-001',
      tax_id_type: 'tax_code',
    });
    const read = await call('GET', '/api/me/tax-profile', seller);
    expect(read.body).not.toContain('0312345678');
    expect(read.json().profile.tax_id_masked).toBe('•••••••678-001');

    const [row] = await ctx.db
      .select()
      .from(sellerTaxProfiles)
      .where(eq(sellerTaxProfiles.sellerId, seller.user.id));
    expect(JSON.stringify(row)).not.toContain('0312345678');
    expect(unsealText(row!.taxIdSealed, resolveAuthSecret(ctx.env), 'tax-id')).toBe('0312345678-001');

    const national = await declareTaxProfile(ctx, seller, TAX_PROFILES.individual);
    expect(national).toMatchObject({ tax_id_masked: '•••••••••234', tax_id_type: 'national_id' });

    for (const tax_id of [
      '012345678',
      '01234567890',
      '0123456789-01',
      '12345678901',
      '1234567890123',
      'abc',
    ]) {
      const refused = await call('PUT', '/api/me/tax-profile', seller, {
        ...TAX_PROFILES.individual,
        tax_id,
      });
      expect(refused.statusCode, tax_id).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
    // A company declares its tax code, not a person's ID.
    const company = await call('PUT', '/api/me/tax-profile', seller, {
      ...TAX_PROFILES.company,
      tax_id: '079201001234',
    });
    expect(company.statusCode).toBe(400);
    expect((await call('GET', '/api/me/tax-profile', seller)).json().profile.tax_id_type).toBe('national_id');
  });

  it('is read and written only by its seller: the anonymous caller is refused, another user sees their own', async () => {
    const seller = await signedInUser(ctx);
    await declareTaxProfile(ctx, seller, TAX_PROFILES.individual);
    const other = await signedInUser(ctx);
    for (const url of ['/api/me/tax-profile', '/api/me/tax-statement?year=2026']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/tax-profile',
      payload: TAX_PROFILES.company,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('GET', '/api/me/tax-profile', other)).json()).toEqual({ profile: null });
    const statement = (await call('GET', '/api/me/tax-statement?year=2026', other)).json();
    expect(statement.seller.legal_name).toBeNull();
    // Writing from another site with the seller's cookie is refused too.
    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/tax-profile',
      headers: { ...seller.headers, origin: 'https://evil.example' },
      payload: TAX_PROFILES.company,
    });
    expect(foreign.statusCode).toBe(403);
    expect((await call('GET', '/api/me/tax-profile', seller)).json().profile.kind).toBe('individual');
  });
});

describe('payouts wait for the tax profile', () => {
  it('a seller without one can sell but not be paid out, with a clear code; declaring it unblocks', async () => {
    const seller = await signedInUser(ctx);
    await sell(seller, 300_000);
    const account = await call('PUT', '/api/me/payout-account', seller, {
      bank_code: 'VCB',
      account_number: '0071001234567',
      holder_name: 'Tran Thi Mai',
    });
    expect(account.statusCode).toBe(200);
    clock.advance(8 * DAY);
    expect((await call('GET', '/api/me/sales', seller)).json().payout_blocker).toBe('no_tax_profile');
    const refused = await call('POST', '/api/me/payouts', seller);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TAX_PROFILE_REQUIRED');

    await declareTaxProfile(ctx, seller, TAX_PROFILES.individual);
    const requested = await call('POST', '/api/me/payouts', seller);
    expect(requested.statusCode, requested.body).toBe(201);
    // 300 000 − fee 30 000 − VAT 15 000 − PIT 6 000.
    expect(requested.json().payout.amount).toBe(249_000);
  });
});

describe('the monthly report and the yearly statement', () => {
  it('per seller and in total equal the ledger; refunds count in their month; the CSV says the same', async () => {
    setClock('2026-06-10T03:00:00Z');
    const mai = await signedInUser(ctx);
    await declareTaxProfile(ctx, mai, TAX_PROFILES.individual);
    const phat = await signedInUser(ctx);
    await declareTaxProfile(ctx, phat, TAX_PROFILES.household);
    const company = await signedInUser(ctx);
    await declareTaxProfile(ctx, company, TAX_PROFILES.company);
    await sell(mai, 200_000);
    const refundedLater = await sell(mai, 100_000);
    await sell(phat, 99_990);
    await sell(company, 500_000);
    setClock('2026-07-01T01:00:00Z'); // 08:00 on 1 July in Vietnam
    await refundAsAdmin(ctx, admin, refundedLater);

    const june = await report('2026-06');
    const juneOf = (session: TestSession) => june.sellers.find((row) => row.seller_id === session.user.id);
    expect(juneOf(mai)).toEqual({
      seller_id: mai.user.id,
      kind: 'individual',
      legal_name: 'Trần Thị Mai',
      tax_id: '079201001234',
      gross: 300_000,
      vat: 15_000,
      pit: 6_000,
    });
    expect(juneOf(phat)).toMatchObject({ tax_id: '0312345678-001', gross: 99_990, vat: 5_000, pit: 2_000 });
    expect(juneOf(company)).toBeUndefined();

    // The totals are the ledger's tax entries of the month, to the đồng.
    const taxEntries = await ctx.db.select().from(ledgerEntries);
    const inMonth = (from: string, to: string) =>
      taxEntries.filter((entry) => entry.createdAt >= new Date(from) && entry.createdAt < new Date(to));
    const taxOf = (entries: typeof taxEntries, prefix: string) =>
      0 -
      entries.filter((entry) => entry.kind.startsWith(prefix)).reduce((sum, entry) => sum + entry.amount, 0);
    const juneEntries = inMonth('2026-05-31T17:00:00Z', '2026-06-30T17:00:00Z');
    expect(june.totals.vat).toBe(taxOf(juneEntries, 'vat_'));
    expect(june.totals.pit).toBe(taxOf(juneEntries, 'pit_'));
    expect(june.totals).toEqual({
      gross: june.sellers.reduce((sum, row) => sum + row.gross, 0),
      vat: june.sellers.reduce((sum, row) => sum + row.vat, 0),
      pit: june.sellers.reduce((sum, row) => sum + row.pit, 0),
    });

    // July holds the refund: the sale's price and its tax come back.
    const july = await report('2026-07');
    expect(july.sellers).toEqual([
      expect.objectContaining({ seller_id: mai.user.id, gross: -100_000, vat: -5_000, pit: -2_000 }),
    ]);
    expect(july.totals).toEqual({ gross: -100_000, vat: -5_000, pit: -2_000 });

    const csv = await call('GET', '/api/admin/tax-report.csv?month=2026-06', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="flowbay-tax-2026-06.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('month,seller_id,kind,legal_name,tax_id,gross_vnd,vat_vnd,pit_vnd');
    expect(lines).toContain(`2026-06,${mai.user.id},individual,Trần Thị Mai,079201001234,300000,15000,6000`);
    expect(lines).toContain(
      `2026-06,${phat.user.id},household,Hộ kinh doanh Minh Phát,0312345678-001,99990,5000,2000`,
    );
    expect(lines.at(-1)).toBe(`2026-06,TOTAL,,,,${june.totals.gross},${june.totals.vat},${june.totals.pit}`);
    expect(lines).toHaveLength(june.sellers.length + 2);

    // The seller's own statement: masked tax ID, per month, and the year's totals.
    const statement: TaxStatement = (await call('GET', '/api/me/tax-statement?year=2026', mai)).json();
    expect(statement).toEqual({
      year: 2026,
      seller: {
        kind: 'individual',
        legal_name: 'Trần Thị Mai',
        tax_id: '•••••••••234',
        address: TAX_PROFILES.individual.address,
      },
      months: [
        { month: '2026-06', gross: 300_000, vat: 15_000, pit: 6_000 },
        { month: '2026-07', gross: -100_000, vat: -5_000, pit: -2_000 },
      ],
      totals: { gross: 200_000, vat: 10_000, pit: 4_000 },
    });
    // An admin reads the same statement with the tax code in full; the seller cannot use that address.
    const forAdmin = await call('GET', `/api/admin/sellers/${mai.user.id}/tax-statement?year=2026`, admin);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()).toEqual({
      ...statement,
      seller: { ...statement.seller, tax_id: '079201001234' },
    });
    const bySeller = await call('GET', `/api/admin/sellers/${mai.user.id}/tax-statement?year=2026`, mai);
    expect(bySeller.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/sellers/${mai.user.id}/tax-statement?year=2026`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is for admins only, and refuses a malformed month', async () => {
    const seller = await signedInUser(ctx);
    for (const url of ['/api/admin/tax-report?month=2026-06', '/api/admin/tax-report.csv?month=2026-06']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await call('GET', url, seller)).statusCode, url).toBe(403);
    }
    expect((await call('GET', '/api/admin/tax-report.csv?month=2026-13', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/tax-report?month=June', admin)).statusCode).toBe(400);
  });
});
