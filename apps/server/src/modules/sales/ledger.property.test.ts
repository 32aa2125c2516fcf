import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { splitSale, type Balances } from '@flowbay/domain';
import { ledgerEntries, payouts, workflows } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway, injectedIpn, refundAsAdmin } from '../../test/selling.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock(new Date('2026-05-10T08:00:00Z'));
let ctx: TestContext;
let admin: TestSession;

beforeAll(async () => {
  ctx = await createTestApp({
    // Small minimum and no account hold, so generated sequences reach payouts often.
    env: { PAYOUT_MINIMUM: '1', PAYOUT_ACCOUNT_HOLD_HOURS: '0' },
    app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) },
  });
  admin = await signedInUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

type Step =
  | { kind: 'sale'; price: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'wait'; days: number }
  | { kind: 'payout' }
  | { kind: 'decide'; paid: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), price: fc.integer({ min: 10_000, max: 5_000_000 }) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('payout' as const) }),
  fc.record({ kind: fc.constant('decide' as const), paid: fc.boolean() }),
);

async function balancesOf(session: TestSession): Promise<Balances> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me/sales', headers: session.headers });
  return response.json().balances;
}

it('for any sequence of sales, refunds and payouts the balances are sums of the ledger, and no entry ever changes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
      const seller = await signedInUser(ctx);
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/me/payout-account',
        headers: seller.headers,
        payload: { bank_code: 'MB', account_number: '123456789', holder_name: 'TRAN THI MAI' },
      });
      const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 10_000 });
      const sold: string[] = [];
      let seen: (typeof ledgerEntries.$inferSelect)[] = [];

      for (const current of steps) {
        if (current.kind === 'sale') {
          // Each sale is a new buyer of a workflow priced for this step.
          await ctx.db.update(workflows).set({ price: current.price }).where(eq(workflows.id, workflow.id));
          const buyer = await signedInUser(ctx);
          sold.push((await buyThroughTestGateway(ctx, buyer, workflow.id)).code);
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
            .then((rows) => rows.filter((row) => row.state === 'requested'));
          if (open) {
            const response = await ctx.app.inject({
              method: 'POST',
              url: `/api/admin/payouts/${open.id}/${current.paid ? 'paid' : 'failed'}`,
              headers: admin.headers,
              payload: current.paid ? { transfer_ref: 'FT1' } : { reason: 'Bank refused' },
            });
            expect(response.statusCode).toBe(200);
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
