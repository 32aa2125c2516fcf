import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LICENCE_TIERS, splitSaleWithTax, type LicenceTier } from '@flowbay/domain';
import { discountCodes, ledgerEntries, orders, purchases, sales, workflows } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { injectedIpn, payAtTestGateway, refundAsAdmin } from '../../test/selling.ts';

/*
 * Random sequences of purchases at a random tier with or without a code, upgrades and refunds, with
 * the seller changing the tiers' prices between steps. After every step: each order charged what an
 * independent model says (tier price, minus the tier held for an upgrade, minus the code's discount,
 * never below the providers' minimum), its sale splits exactly what was paid into fee, withheld tax
 * and the seller's net in the ledger, a refund reverses exactly that, each buyer holds the tier the
 * model expects, and a code's uses count the paid orders that used it.
 */

const clock = manualClock(new Date('2026-07-01T08:00:00Z'));
const HOUR = 60 * 60 * 1000;
const RATES = { feeBasisPoints: 1000, vatBasisPoints: 500, pitBasisPoints: 200 };
const MIN = 10_000;
let ctx: TestContext;
let admin: TestSession;

beforeAll(async () => {
  ctx = await createTestApp({ app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) } });
  admin = await signedInUser(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

type Step =
  | { kind: 'buy'; tier: LicenceTier; coded: boolean }
  | { kind: 'upgrade'; pick: number; tier: LicenceTier; coded: boolean }
  | { kind: 'refund'; pick: number }
  | { kind: 'reprice'; personal: number; commercialStep: number; agencyStep: number };

const tier = fc.constantFrom(...LICENCE_TIERS);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), tier, coded: fc.boolean() }),
  fc.record({ kind: fc.constant('upgrade' as const), pick: fc.nat(), tier, coded: fc.boolean() }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('reprice' as const),
    personal: fc.integer({ min: 10_000, max: 2_000_000 }),
    commercialStep: fc.integer({ min: 10_000, max: 3_000_000 }),
    agencyStep: fc.integer({ min: 10_000, max: 5_000_000 }),
  }),
);
const discount = fc.oneof(
  fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 3_000_000 }) }),
);

/** The model's discount: a percent rounds down, and the buyer pays at least the minimum. */
function off(price: number, code: { kind: 'percent' | 'fixed'; value: number }) {
  const raw = code.kind === 'percent' ? Math.floor((price * code.value) / 100) : code.value;
  return Math.max(0, Math.min(raw, price - Math.min(price, MIN)));
}

it('for any tiers, upgrades, codes and refunds, every order charges what the model says and the ledger splits exactly what was paid', async () => {
  await fc.assert(
    fc.asyncProperty(discount, fc.array(step, { minLength: 1, maxLength: 8 }), async (code, steps) => {
      const seller = await signedInUser(ctx);
      const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 100_000 });
      let prices = { personal: 100_000, commercial: 300_000, agency: 900_000 };
      const setPrices = () =>
        ctx.db
          .update(workflows)
          .set({
            price: prices.personal,
            commercialPrice: prices.commercial,
            agencyPrice: prices.agency,
            agencyClients: 3,
          })
          .where(eq(workflows.id, workflow.id));
      await setPrices();
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/discount-codes',
        headers: seller.headers,
        payload: {
          code: 'PROP',
          ...code,
          max_uses: 1000,
          starts_at: new Date(clock.now().getTime() - HOUR).toISOString(),
          ends_at: new Date(clock.now().getTime() + 1000 * HOUR).toISOString(),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      /** What each buyer holds in the model, and their paid orders (newest last) with the tier before each. */
      const buyers: {
        session: TestSession;
        held: LicenceTier | null;
        paid: { code: string; before: LicenceTier | null; tier: LicenceTier }[];
      }[] = [];
      let codedPaid = 0;
      const priceOf = (t: LicenceTier) => prices[t];

      const pay = async (session: TestSession, t: LicenceTier, coded: boolean, held: LicenceTier | null) => {
        const subtotal = held ? Math.max(priceOf(t) - priceOf(held), Math.min(priceOf(t), MIN)) : priceOf(t);
        const expected = subtotal - (coded ? off(subtotal, code) : 0);
        const placed = await ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: session.headers,
          payload: {
            workflow_id: workflow.id,
            provider: 'test',
            licence: t,
            ...(coded ? { discount_code: 'prop' } : {}),
          },
        });
        const rank = (x: LicenceTier) => LICENCE_TIERS.indexOf(x);
        if (held && rank(held) >= rank(t)) {
          expect(placed.statusCode).toBe(409);
          return null;
        }
        expect(placed.statusCode, placed.body).toBe(201);
        expect(placed.json().order).toMatchObject({ amount: expected, licence: t, upgrade_from: held });
        await payAtTestGateway(ctx, placed.json().redirect_url);
        if (coded) codedPaid += 1;
        return placed.json().order.code as string;
      };

      for (const current of steps) {
        if (current.kind === 'reprice') {
          prices = {
            personal: current.personal,
            commercial: current.personal + current.commercialStep,
            agency: current.personal + current.commercialStep + current.agencyStep,
          };
          await setPrices();
        } else if (current.kind === 'buy') {
          const session = await signedInUser(ctx);
          const code = await pay(session, current.tier, current.coded, null);
          buyers.push({
            session,
            held: current.tier,
            paid: [{ code: code!, before: null, tier: current.tier }],
          });
        } else if (current.kind === 'upgrade' && buyers.length > 0) {
          const buyer = buyers[current.pick % buyers.length]!;
          if (buyer.held === null) continue;
          const code = await pay(buyer.session, current.tier, current.coded, buyer.held);
          if (code) {
            buyer.paid.push({ code, before: buyer.held, tier: current.tier });
            buyer.held = current.tier;
          }
        } else if (current.kind === 'refund' && buyers.length > 0) {
          // The newest paid order of a buyer is refunded: an upgrade gives back the tier below, a
          // first purchase the whole entitlement.
          const buyer = buyers[current.pick % buyers.length]!;
          const last = buyer.paid.pop();
          if (!last) continue;
          await refundAsAdmin(ctx, admin, last.code);
          buyer.held = last.before;
          if (last.before === null) buyer.paid = [];
        }

        for (const buyer of buyers) {
          const [row] = await ctx.db
            .select()
            .from(purchases)
            .where(eq(purchases.userId, buyer.session.user.id));
          expect(row && row.revokedAt === null ? row.licence : null).toBe(buyer.held);
        }
        const sold = await ctx.db.select().from(sales).where(eq(sales.workflowId, workflow.id));
        const entries = await ctx.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.sellerId, seller.user.id));
        for (const sale of sold) {
          const [order] = await ctx.db.select().from(orders).where(eq(orders.id, sale.orderId));
          expect(sale.price).toBe(order!.amount);
          expect(order!.amount + order!.discountAmount).toBeLessThanOrEqual(order!.listPrice!);
          const split = splitSaleWithTax(sale.price, RATES);
          expect(sale).toMatchObject({ fee: split.fee, vat: split.vat, pit: split.pit });
          const ofOrder = entries.filter((entry) => entry.orderId === sale.orderId);
          const sum = (kinds: string[]) =>
            ofOrder
              .filter((entry) => kinds.includes(entry.kind))
              .reduce((total, entry) => total + entry.amount, 0);
          expect(sum(['sale_credit', 'platform_fee', 'vat_withheld', 'pit_withheld'])).toBe(split.net);
          const refunded = order!.state === 'refunded';
          expect(sum(['refund_reversal', 'vat_reversal', 'pit_reversal'])).toBe(refunded ? 0 - split.net : 0);
        }
        const [stored] = await ctx.db
          .select()
          .from(discountCodes)
          .where(eq(discountCodes.sellerId, seller.user.id));
        expect(stored!.uses).toBe(codedPaid);
      }
    }),
    { numRuns: 10 },
  );
}, 600_000);
