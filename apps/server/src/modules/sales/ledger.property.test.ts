import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleAmountDue, splitProRata, splitSale, splitSaleWithTax, type Balances } from '@flowbay/domain';
import { bundleOrderItems, ledgerEntries, orders, payouts, sales, workflows } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { startPayosStandIn } from '../../test/payos.ts';
import { buyThroughTestGateway, injectedIpn, payAtTestGateway, refundAsAdmin } from '../../test/selling.ts';
import { declareTaxProfile, TAX_PROFILES } from '../../test/tax.ts';
import { CHECK_PAYOS_PAYOUTS_JOB } from './sales.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock(new Date('2026-05-10T08:00:00Z'));
let ctx: TestContext;
let admin: TestSession;
let payos: Awaited<ReturnType<typeof startPayosStandIn>>;
const KEYS = { clientId: 'ledger-client', apiKey: 'ledger-api-key', checksumKey: 'ledger-checksum-key' };

beforeAll(async () => {
  // payOS's payout channel only (payments stay on the test gateway): payouts can also go through payOS.
  payos = await startPayosStandIn({ ...KEYS, payouts: { ...KEYS, clientId: 'ledger-payout-client' } });
  const { PAYOS_BASE_URL, PAYOS_PAYOUT_CLIENT_ID, PAYOS_PAYOUT_API_KEY, PAYOS_PAYOUT_CHECKSUM_KEY } =
    payos.env;
  ctx = await createTestApp({
    // Small minimum and no account hold, so generated sequences reach payouts often.
    env: {
      PAYOUT_MINIMUM: '1',
      PAYOUT_ACCOUNT_HOLD_HOURS: '0',
      PAYOS_BASE_URL,
      PAYOS_PAYOUT_CLIENT_ID: PAYOS_PAYOUT_CLIENT_ID!,
      PAYOS_PAYOUT_API_KEY: PAYOS_PAYOUT_API_KEY!,
      PAYOS_PAYOUT_CHECKSUM_KEY: PAYOS_PAYOUT_CHECKSUM_KEY!,
    },
    app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) },
  });
  admin = await signedInUser(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
  await payos?.close();
});

type Step =
  | { kind: 'sale'; price: number }
  | { kind: 'bundle'; price: number; ownsOne: boolean }
  | { kind: 'refund'; pick: number }
  | { kind: 'wait'; days: number }
  | { kind: 'payout' }
  | { kind: 'decide'; paid: boolean }
  | { kind: 'send' }
  | { kind: 'payos'; paid: boolean; checks: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), price: fc.integer({ min: 10_000, max: 5_000_000 }) }),
  // A bundle of two workflows (2,000,000 and 1,500,000 đ), bought whole or by a buyer owning one.
  fc.record({
    kind: fc.constant('bundle' as const),
    price: fc.integer({ min: 10_000, max: 3_499_999 }),
    ownsOne: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('payout' as const) }),
  fc.record({ kind: fc.constant('decide' as const), paid: fc.boolean() }),
  fc.record({ kind: fc.constant('send' as const) }),
  fc.record({
    kind: fc.constant('payos' as const),
    paid: fc.boolean(),
    checks: fc.integer({ min: 1, max: 3 }),
  }),
);

async function balancesOf(session: TestSession): Promise<Balances> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me/sales', headers: session.headers });
  return response.json().balances;
}

/** The seller's tax profile: none declared is withheld as an individual (decision 0150). */
const sellerKind = fc.constantFrom('individual', 'household', 'company', 'none') as fc.Arbitrary<
  keyof typeof TAX_PROFILES | 'none'
>;
const RATES = { feeBasisPoints: 1000, vatBasisPoints: 500, pitBasisPoints: 200 };
const ORDER_KINDS = ['sale_credit', 'platform_fee', 'vat_withheld', 'pit_withheld'];
const REFUND_KINDS = ['refund_reversal', 'vat_reversal', 'pit_reversal'];

it('for any seller and sequence of sales, bundle sales (whole or for the difference), refunds and payouts (marked by hand or sent through payOS) the balances are sums of the ledger, fee + VAT + PIT + net = price on every sale, a refund returns all of it, and no entry ever changes', async () => {
  await fc.assert(
    fc.asyncProperty(sellerKind, fc.array(step, { minLength: 1, maxLength: 10 }), async (kind, steps) => {
      const seller = await signedInUser(ctx);
      if (kind !== 'none') await declareTaxProfile(ctx, seller, TAX_PROFILES[kind]);
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/me/payout-account',
        headers: seller.headers,
        payload: { bank_code: 'MB', account_number: '123456789', holder_name: 'TRAN THI MAI' },
      });
      const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 10_000 });
      const sold: string[] = [];
      let seen: (typeof ledgerEntries.$inferSelect)[] = [];
      const kit = [
        await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 2_000_000 }),
        await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 1_500_000 }),
      ];
      let bundleId: string | null = null;

      for (const current of steps) {
        if (current.kind === 'sale') {
          // Each sale is a new buyer of a workflow priced for this step.
          await ctx.db.update(workflows).set({ price: current.price }).where(eq(workflows.id, workflow.id));
          const buyer = await signedInUser(ctx);
          sold.push((await buyThroughTestGateway(ctx, buyer, workflow.id)).code);
        } else if (current.kind === 'bundle') {
          // The bundle at this step's price (made on first use); a buyer owning the cheaper item pays the difference.
          const body = {
            title: 'Ledger kit',
            price: current.price,
            workflow_ids: kit.map((item) => item.id),
          };
          const saved = bundleId
            ? await ctx.app.inject({
                method: 'PATCH',
                url: `/api/bundles/${bundleId}`,
                headers: seller.headers,
                payload: body,
              })
            : await ctx.app.inject({
                method: 'POST',
                url: '/api/bundles',
                headers: seller.headers,
                payload: body,
              });
          expect(saved.statusCode, saved.body).toBeLessThan(300);
          bundleId = saved.json().id as string;
          const buyer = await signedInUser(ctx);
          if (current.ownsOne) sold.push((await buyThroughTestGateway(ctx, buyer, kit[1]!.id)).code);
          const due = bundleAmountDue(current.price, [
            { listPrice: 2_000_000, owned: false },
            { listPrice: 1_500_000, owned: current.ownsOne },
          ]);
          const placed = await ctx.app.inject({
            method: 'POST',
            url: '/api/orders',
            headers: buyer.headers,
            payload: { bundle_id: bundleId, provider: 'test' },
          });
          if (due === 0) {
            expect(placed.json().error.code).toBe('BUNDLE_ALREADY_OWNED');
          } else {
            expect(placed.statusCode, placed.body).toBe(201);
            expect(placed.json().order.amount).toBe(due);
            await payAtTestGateway(ctx, placed.json().redirect_url);
            const code = placed.json().order.code as string;
            const [order] = await ctx.db.select().from(orders).where(eq(orders.code, code));
            const parts = await ctx.db
              .select()
              .from(bundleOrderItems)
              .where(eq(bundleOrderItems.orderId, order!.id));
            // What the bundle grants carries its amount exactly, split across the items it granted.
            expect(parts.reduce((total, part) => total + part.amount, 0)).toBe(due);
            expect(parts).toHaveLength(current.ownsOne ? 1 : 2);
            sold.push(code);
          }
        } else if (current.kind === 'refund' && sold.length > 0) {
          const [code] = sold.splice(current.pick % sold.length, 1);
          await refundAsAdmin(ctx, admin, code!);
        } else if (current.kind === 'wait') {
          clock.advance(current.days * DAY);
        } else if (current.kind === 'payout') {
          const response = await ctx.app.inject({
            method: 'POST',
            url: '/api/me/payouts',
            headers: seller.headers,
          });
          expect([201, 409]).toContain(response.statusCode);
        } else if (current.kind === 'decide') {
          const [open] = await ctx.db
            .select()
            .from(payouts)
            .where(eq(payouts.sellerId, seller.user.id))
            .then((rows) => rows.filter((row) => row.state === 'requested' || row.state === 'sending'));
          if (open) {
            const response = await ctx.app.inject({
              method: 'POST',
              url: `/api/admin/payouts/${open.id}/${current.paid ? 'paid' : 'failed'}`,
              headers: admin.headers,
              payload: current.paid ? { transfer_ref: 'FT1' } : { reason: 'Bank refused' },
            });
            // A payout being sent through payOS waits for payOS's result.
            expect(response.statusCode).toBe(open.state === 'sending' ? 409 : 200);
          }
        } else if (current.kind === 'send') {
          const open = await ctx.db.select().from(payouts).where(eq(payouts.sellerId, seller.user.id));
          const ids = open.filter((row) => row.state === 'requested').map((row) => row.id);
          if (ids.length > 0) {
            const response = await ctx.app.inject({
              method: 'POST',
              url: '/api/admin/payouts/send',
              headers: admin.headers,
              payload: { ids },
            });
            expect(response.statusCode).toBe(200);
          }
        } else if (current.kind === 'payos') {
          const rows = await ctx.db.select().from(payouts).where(eq(payouts.sellerId, seller.user.id));
          const sending = rows.find((row) => row.state === 'sending');
          if (sending) {
            payos.settlePayout(
              sending.id,
              current.paid ? { paid: true } : { paid: false, reason: 'Tài khoản không tồn tại' },
            );
          }
          // The result read once or more (later sweeps) applies once.
          for (let check = 0; check < current.checks; check += 1) {
            await ctx.app.jobs.enqueue(CHECK_PAYOS_PAYOUTS_JOB, {});
            await ctx.app.jobs.runDue();
          }
          if (sending) {
            const [after] = await ctx.db.select().from(payouts).where(eq(payouts.id, sending.id));
            expect(after!.state).toBe(current.paid ? 'paid' : 'failed');
          }
        }

        const entries = await ctx.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.sellerId, seller.user.id));
        // Append-only: every entry seen before is still there, unchanged.
        for (const before of seen) expect(entries).toContainEqual(before);
        seen = entries;

        const now = clock.now().getTime();
        const sum = (filter: (entry: (typeof entries)[number]) => boolean) =>
          entries.filter(filter).reduce((total, entry) => total + entry.amount, 0);
        const balances = await balancesOf(seller);
        expect(balances.pending).toBe(sum((entry) => entry.availableAt.getTime() > now));
        expect(balances.available).toBe(sum((entry) => entry.availableAt.getTime() <= now));
        expect(
          balances.in_payment +
            balances.paid_out +
            sum((entry) => entry.kind === 'payout' || entry.kind === 'payout_reversal'),
        ).toBe(0);
        const payoutRows = await ctx.db.select().from(payouts).where(eq(payouts.sellerId, seller.user.id));
        const paid = payoutRows
          .filter((row) => row.state === 'paid')
          .reduce((total, row) => total + row.amount, 0);
        expect(balances.paid_out).toBe(paid);
        const inPayment = payoutRows
          .filter((row) => row.state === 'requested' || row.state === 'sending')
          .reduce((total, row) => total + row.amount, 0);
        expect(balances.in_payment).toBe(inPayment);
        // A payout is reversed exactly once if it failed, never otherwise.
        for (const row of payoutRows) {
          const reversals = entries.filter(
            (entry) => entry.payoutId === row.id && entry.kind === 'payout_reversal',
          );
          expect(reversals).toHaveLength(row.state === 'failed' ? 1 : 0);
        }

        // Every sale splits its price exactly, at the rates of the seller's kind, in the ledger too.
        const soldRows = await ctx.db.select().from(sales).where(eq(sales.sellerId, seller.user.id));
        for (const sale of soldRows) {
          const withheld = kind !== 'company';
          const expected = splitSaleWithTax(sale.price, {
            ...RATES,
            ...(withheld ? {} : { vatBasisPoints: 0, pitBasisPoints: 0 }),
          });
          expect(sale).toMatchObject({
            taxKind: kind === 'none' ? 'individual' : kind,
            vatBasisPoints: withheld ? 500 : 0,
            pitBasisPoints: withheld ? 200 : 0,
            fee: expected.fee,
            vat: expected.vat,
            pit: expected.pit,
          });
          const ofOrder = entries.filter((entry) => entry.orderId === sale.orderId);
          // Starting from +0 and subtracting keeps zeros positive (Object.is tells −0 from 0).
          const sumOf = (kinds: string[]) =>
            ofOrder.filter((entry) => kinds.includes(entry.kind)).reduce((t, entry) => t + entry.amount, 0);
          const minus = (kinds: string[]) => 0 - sumOf(kinds);
          const net = sumOf(ORDER_KINDS);
          expect(minus(['platform_fee']) + minus(['vat_withheld']) + minus(['pit_withheld']) + net).toBe(
            sale.price,
          );
          expect(net).toBe(expected.net);
          expect(minus(['vat_withheld'])).toBe(expected.vat);
          expect(minus(['pit_withheld'])).toBe(expected.pit);
          // A refund takes back exactly what the sale paid and returns exactly the tax it withheld.
          const refunded = ofOrder.some((entry) => entry.kind === 'refund_reversal');
          expect(sumOf(REFUND_KINDS)).toBe(refunded ? 0 - net : 0);
          expect(sumOf(['vat_reversal'])).toBe(refunded ? expected.vat : 0);
          expect(sumOf(['pit_reversal'])).toBe(refunded ? expected.pit : 0);
        }
      }
    }),
    { numRuns: 12 },
  );
}, 300_000);

it('for any price and fee, the fee is whole đồng, within half a đồng of the rate, and fee + share = price', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1_000_000_000 }),
      fc.integer({ min: 0, max: 10_000 }),
      (price, bps) => {
        const { fee, sellerShare } = splitSale(price, bps);
        expect(Number.isInteger(fee) && Number.isInteger(sellerShare)).toBe(true);
        expect(fee + sellerShare).toBe(price);
        expect(Math.abs(fee * 10_000 - price * bps)).toBeLessThanOrEqual(5_000);
        expect(sellerShare).toBeGreaterThanOrEqual(0);
      },
    ),
  );
});

it('for any price and rates, fee, VAT and PIT are whole đồng within half a đồng of their rates, and fee + VAT + PIT + net = price', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1_000_000_000 }),
      fc.integer({ min: 0, max: 5_000 }),
      fc.integer({ min: 0, max: 2_500 }),
      fc.integer({ min: 0, max: 2_500 }),
      (price, fee, vat, pit) => {
        const split = splitSaleWithTax(price, {
          feeBasisPoints: fee,
          vatBasisPoints: vat,
          pitBasisPoints: pit,
        });
        expect(split.fee + split.vat + split.pit + split.net).toBe(price);
        expect(split.sellerShare).toBe(price - split.fee);
        expect(split.net).toBeGreaterThanOrEqual(0);
        expect(Math.abs(split.vat * 10_000 - price * vat)).toBeLessThanOrEqual(5_000);
        expect(Math.abs(split.pit * 10_000 - price * pit)).toBeLessThanOrEqual(5_000);
        for (const part of Object.values(split)) expect(Number.isInteger(part)).toBe(true);
      },
    ),
  );
});

it('when the fee and the taxes take the whole price, the roundings leave the seller at most a đồng, never less than nothing', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (price) => {
      const split = splitSaleWithTax(price, {
        feeBasisPoints: 5_050,
        vatBasisPoints: 2_475,
        pitBasisPoints: 2_475,
      });
      expect(split.net).toBeGreaterThanOrEqual(0);
      expect(split.net).toBeLessThanOrEqual(1);
      expect(split.fee + split.vat + split.pit + split.net).toBe(price);
    }),
  );
});

it("for any amount and list prices, a bundle's parts are whole đồng, never negative, sum to the amount exactly, and each is within the item count of its share", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 100_000_000 }),
      fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 20 }),
      (amount, listPrices) => {
        const parts = splitProRata(amount, listPrices);
        expect(parts).toHaveLength(listPrices.length);
        expect(parts.reduce((total, part) => total + part, 0)).toBe(amount);
        const total = listPrices.reduce((sum, price) => sum + price, 0);
        parts.forEach((part, index) => {
          expect(Number.isInteger(part) && part >= 0).toBe(true);
          const share = total > 0 ? (amount * listPrices[index]!) / total : amount / listPrices.length;
          expect(Math.abs(part - share)).toBeLessThanOrEqual(listPrices.length);
        });
      },
    ),
  );
});

it('for any bundle and ownership, the amount due is 0 or between the smallest paid price and what the missing items cost', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 10_000, max: 100_000_000 }),
      fc.array(fc.record({ listPrice: fc.integer({ min: 0, max: 10_000_000 }), owned: fc.boolean() }), {
        minLength: 2,
        maxLength: 20,
      }),
      (price, items) => {
        const due = bundleAmountDue(price, items);
        const lacking = items.filter((item) => !item.owned).reduce((t, item) => t + item.listPrice, 0);
        const owned = items.filter((item) => item.owned).reduce((t, item) => t + item.listPrice, 0);
        if (price - owned <= 0 || lacking === 0) expect(due).toBe(0);
        else {
          expect(due).toBeLessThanOrEqual(lacking);
          expect(due).toBeLessThanOrEqual(Math.max(10_000, price - owned));
          expect(due).toBeGreaterThanOrEqual(Math.min(lacking, 10_000));
        }
      },
    ),
  );
});
