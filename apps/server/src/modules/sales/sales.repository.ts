import type { SealingKeys } from '../../infra/sealed-text.ts';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SellerTaxKind } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import {
  ledgerEntries,
  orders,
  payoutAccounts,
  payouts,
  sales,
  sellerTaxProfiles,
  user,
  workflowViews,
  workflows,
  type LedgerKind,
  type PayoutState,
} from '../../db/schema.ts';
import { publicName } from '../../db/fragments.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';
import { sealAccountNumber } from '../../infra/sealed-account-number.ts';
import { AppError } from '../../lib/errors.ts';
import { pgErrorOf } from '../../lib/pg-error.ts';

export type SaleRow = typeof sales.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Vietnam keeps UTC+7 all year, so a fixed offset gives its calendar days on both databases. */
const vnTime = (column: unknown) => sql`((${column}) at time zone 'UTC' + interval '7 hours')`;
const asNumber = (expression: ReturnType<typeof sql>) => sql<number>`${expression}`.mapWith(Number);
const sellerName = publicName(sql`${user.email}`);
/** What a sale pays its seller: the share less the tax withheld (decision 0150). */
const netOfTax = sql`${sales.sellerShare} - ${sales.vat} - ${sales.pit}`;

export const payoutInProgress = () => new AppError('PAYOUT_IN_PROGRESS', 'A payout is already in progress');

/** A payout's money is on its way: requested, or being sent through payOS (decision 0154). */
const IN_PROGRESS: PayoutState[] = ['requested', 'sending'];
const inProgress = inArray(payouts.state, IN_PROGRESS);

/** The sums a seller's balances are made of, at `now`. */
async function balancesOf(db: Queryable, sellerId: string, now: Date) {
  const [row] = await db
    .select({
      pending: asNumber(
        sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.availableAt} > ${now}), 0)`,
      ),
      available: asNumber(
        sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.availableAt} <= ${now}), 0)`,
      ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sellerId, sellerId));
  const [payoutSums] = await db
    .select({
      inPayment: asNumber(
        sql`coalesce(sum(${payouts.amount}) filter (where ${payouts.state} in ('requested', 'sending')), 0)`,
      ),
      paidOut: asNumber(sql`coalesce(sum(${payouts.amount}) filter (where ${payouts.state} = 'paid'), 0)`),
    })
    .from(payouts)
    .where(eq(payouts.sellerId, sellerId));
  return {
    pending: row?.pending ?? 0,
    available: row?.available ?? 0,
    inPayment: payoutSums?.inPayment ?? 0,
    paidOut: payoutSums?.paidOut ?? 0,
  };
}
export type BalanceSums = Awaited<ReturnType<typeof balancesOf>>;

/** A sale's VAT and PIT entries (`sign` −1 withholds, +1 returns), leaving out a tax of zero. */
function taxEntries(
  sale: SaleRow,
  kinds: { vat: LedgerKind; pit: LedgerKind },
  sign: 1 | -1,
  availableAt: Date,
  createdAt: Date,
) {
  return (['vat', 'pit'] as const)
    .filter((tax) => sale[tax] > 0)
    .map((tax) => ({
      sellerId: sale.sellerId,
      kind: kinds[tax],
      amount: sign * sale[tax],
      orderId: sale.orderId,
      availableAt,
      createdAt,
    }));
}

/**
 * The ledger's writes made inside the orders' own transaction (paid, refunded): one sale row and
 * its entries per order, whatever number of times a callback is replayed (unique keys, do nothing).
 */
export function ledgerWrites(db: Queryable) {
  return {
    /** The seller's declared tax kind; none declared is withheld as an individual (decision 0150). */
    async taxKindOf(sellerId: string): Promise<SellerTaxKind> {
      const [row] = await db
        .select({ kind: sellerTaxProfiles.kind })
        .from(sellerTaxProfiles)
        .where(eq(sellerTaxProfiles.sellerId, sellerId));
      return row?.kind ?? 'individual';
    },

    async recordSale(sale: SaleRow): Promise<boolean> {
      const inserted = await db
        .insert(sales)
        .values(sale)
        .onConflictDoNothing()
        .returning({ orderId: sales.orderId });
      if (inserted.length === 0) return false;
      await db
        .insert(ledgerEntries)
        .values([
          {
            sellerId: sale.sellerId,
            kind: 'sale_credit',
            amount: sale.price,
            orderId: sale.orderId,
            availableAt: sale.availableAt,
            createdAt: sale.paidAt,
          },
          {
            sellerId: sale.sellerId,
            kind: 'platform_fee',
            amount: -sale.fee,
            orderId: sale.orderId,
            availableAt: sale.availableAt,
            createdAt: sale.paidAt,
          },
          // Tax withheld for the seller (decision 0150); none for companies.
          ...taxEntries(
            sale,
            { vat: 'vat_withheld', pit: 'pit_withheld' },
            -1,
            sale.availableAt,
            sale.paidAt,
          ),
        ])
        .onConflictDoNothing();
      return true;
    },

    /**
     * Takes the seller's share back. Inside the refund window it falls due with the sale (the
     * pending balance shrinks); after it, at once (the available balance shrinks, below zero if
     * the money was paid out already).
     */
    async recordRefund(orderId: string, now: Date): Promise<boolean> {
      const [sale] = await db.select().from(sales).where(eq(sales.orderId, orderId));
      if (!sale) return false;
      const availableAt = sale.availableAt > now ? sale.availableAt : now;
      const inserted = await db
        .insert(ledgerEntries)
        .values([
          {
            sellerId: sale.sellerId,
            kind: 'refund_reversal',
            amount: -sale.sellerShare,
            orderId,
            availableAt,
            createdAt: now,
          },
          // The tax withheld returns with the refund, to the đồng: the sale no longer happened.
          ...taxEntries(sale, { vat: 'vat_reversal', pit: 'pit_reversal' }, 1, availableAt, now),
        ])
        .onConflictDoNothing()
        .returning({ id: ledgerEntries.id });
      return inserted.length > 0;
    },
  };
}

function payoutWrites(tx: Tx) {
  return {
    /** Payout requests of one seller run one at a time (released at commit). */
    async lockSeller(sellerId: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payouts'), hashtext(${sellerId}))`);
    },

    balances: (sellerId: string, now: Date) => balancesOf(tx, sellerId, now),

    async findAccount(sellerId: string): Promise<PayoutAccountRow | null> {
      const [row] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
      return row ?? null;
    },

    async hasRequestedPayout(sellerId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.sellerId, sellerId), inProgress));
      return rows.length > 0;
    },

    async insertPayout(values: typeof payouts.$inferInsert): Promise<PayoutRow> {
      try {
        const [row] = await tx.insert(payouts).values(values).returning();
        await tx.insert(ledgerEntries).values({
          sellerId: row!.sellerId,
          kind: 'payout',
          amount: -row!.amount,
          payoutId: row!.id,
          availableAt: row!.createdAt,
          createdAt: row!.createdAt,
        });
        return row!;
      } catch (error) {
        if (pgErrorOf(error).code === '23505') throw payoutInProgress();
        throw error;
      }
    },

    /**
     * Before a requested payout is approved (sent or marked paid): a sale refunded since the request
     * took its share back from the balance, which is below zero by that much. The payout then pays
     * what is left: its amount is cut (the first amount kept in `requested_amount`) and one
     * `payout_adjustment` entry gives the cut back to the balance. With nothing left it is left as it
     * is and `nothingLeft` says so (failing it gives the whole amount back). Call under the payout's lock.
     */
    async adjustToBalance(
      payout: PayoutRow,
      now: Date,
    ): Promise<{ payout: PayoutRow; nothingLeft: boolean }> {
      if (payout.state !== 'requested') return { payout, nothingLeft: false };
      const { available } = await balancesOf(tx, payout.sellerId, now);
      if (available >= 0) return { payout, nothingLeft: false };
      const cut = -available;
      if (cut >= payout.amount) return { payout, nothingLeft: true };
      const [row] = await tx
        .update(payouts)
        .set({ amount: payout.amount - cut, requestedAmount: payout.requestedAmount ?? payout.amount })
        .where(eq(payouts.id, payout.id))
        .returning();
      await tx.insert(ledgerEntries).values({
        sellerId: payout.sellerId,
        kind: 'payout_adjustment',
        amount: cut,
        payoutId: payout.id,
        availableAt: now,
        createdAt: now,
      });
      return { payout: row!, nothingLeft: false };
    },

    async lockPayout(id: string): Promise<PayoutRow | null> {
      const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
      return row ?? null;
    },

    /** Approved to go through payOS: claimed here, so a second send finds it taken. Null if it was not requested. */
    async markSending(id: string, by: string, now: Date): Promise<PayoutRow | null> {
      const [row] = await tx
        .update(payouts)
        .set({ state: 'sending', decidedBy: by, sentAt: now })
        .where(and(eq(payouts.id, id), eq(payouts.state, 'requested')))
        .returning();
      return row ?? null;
    },

    /** `by` is the admin who marked it, or null when payOS's result decided it (the sender stays). */
    async decidePayout(
      id: string,
      decision: { state: 'paid' | 'failed'; transferRef?: string; reason?: string },
      by: string | null,
      now: Date,
    ): Promise<PayoutRow> {
      const [row] = await tx
        .update(payouts)
        .set({
          state: decision.state,
          transferRef: decision.transferRef ?? null,
          failureReason: decision.reason ?? null,
          ...(by !== null && { decidedBy: by }),
          decidedAt: now,
        })
        .where(and(eq(payouts.id, id), inProgress))
        .returning();
      if (decision.state === 'failed') {
        await tx
          .insert(ledgerEntries)
          .values({
            sellerId: row!.sellerId,
            kind: 'payout_reversal',
            amount: row!.amount,
            payoutId: id,
            availableAt: now,
            createdAt: now,
          })
          .onConflictDoNothing();
      }
      return row!;
    },

    async upsertAccount(values: typeof payoutAccounts.$inferInsert) {
      await tx
        .insert(payoutAccounts)
        .values(values)
        .onConflictDoUpdate({
          target: payoutAccounts.sellerId,
          set: {
            bankCode: values.bankCode,
            accountNumber: values.accountNumber,
            accountNumberSealed: values.accountNumberSealed,
            accountNumberMasked: values.accountNumberMasked,
            holderName: values.holderName,
            updatedAt: values.updatedAt,
            payoutsBlockedUntil: values.payoutsBlockedUntil,
          },
        });
    },

    /** The job queue may enqueue into this same transaction. */
    queryable: tx as Queryable,
  };
}
export type PayoutWrites = ReturnType<typeof payoutWrites>;

const adminPayoutColumns = {
  payout: payouts,
  sellerName,
  sellerEmail: user.email,
};

export function createSalesRepository(db: Database) {
  return {
    transaction<T>(work: (writes: PayoutWrites) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(payoutWrites(tx)));
    },

    balances: (sellerId: string, now: Date) => balancesOf(db, sellerId, now),

    async findUser(id: string) {
      const [row] = await db
        .select({ id: user.id, email: user.email, name: sellerName, locale: user.locale })
        .from(user)
        .where(eq(user.id, id));
      return row ?? null;
    },

    async findSale(orderId: string): Promise<SaleRow | null> {
      const [row] = await db.select().from(sales).where(eq(sales.orderId, orderId));
      return row ?? null;
    },

    async findAccount(sellerId: string): Promise<PayoutAccountRow | null> {
      const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
      return row ?? null;
    },

    async listPayouts(sellerId: string): Promise<PayoutRow[]> {
      return db.select().from(payouts).where(eq(payouts.sellerId, sellerId)).orderBy(desc(payouts.createdAt));
    },

    /** Sales per calendar day (`YYYY-MM-DD`) or month (`YYYY-MM`) in Vietnam, refunded ones left out. */
    async revenue(sellerId: string, since: Date, unit: 'day' | 'month') {
      const format = sql.raw(unit === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`);
      const period = sql<string>`to_char(${vnTime(sales.paidAt)}, ${format})`;
      return db
        .select({
          period,
          sales: asNumber(sql`count(*)`),
          gross: asNumber(sql`coalesce(sum(${sales.price}), 0)`),
          earnings: asNumber(sql`coalesce(sum(${netOfTax}), 0)`),
        })
        .from(sales)
        .innerJoin(orders, eq(orders.id, sales.orderId))
        .where(and(eq(sales.sellerId, sellerId), gte(sales.paidAt, since), isNull(orders.refundedAt)))
        .groupBy(period)
        .orderBy(period);
    },

    /** Every workflow of the seller with its views, sales, refunds and money. */
    async workflowSales(sellerId: string) {
      const refunded = sql`${orders.refundedAt} is not null`;
      const perWorkflow = db
        .select({
          workflowId: sales.workflowId,
          sales: sql<number>`count(*) filter (where not ${refunded})`.as('sales'),
          refunds: sql<number>`count(*) filter (where ${refunded})`.as('refunds'),
          gross: sql<number>`coalesce(sum(${sales.price}) filter (where not ${refunded}), 0)`.as('gross'),
          earnings: sql<number>`coalesce(sum(${netOfTax}) filter (where not ${refunded}), 0)`.as('earnings'),
        })
        .from(sales)
        .innerJoin(orders, eq(orders.id, sales.orderId))
        .where(eq(sales.sellerId, sellerId))
        .groupBy(sales.workflowId)
        .as('per_workflow');
      return db
        .select({
          id: workflows.id,
          number: workflows.number,
          title: workflows.title,
          slug: workflows.slug,
          // The seller's own views are not counted since they are recorded; those recorded before are taken off.
          views: asNumber(
            sql`greatest(${workflows.views} - (select count(*) from ${workflowViews} own
              where own.workflow_id = ${workflows.id} and own.visitor = ${`u:${sellerId}`}), 0)`,
          ),
          sales: asNumber(sql`coalesce(${perWorkflow.sales}, 0)`),
          refunds: asNumber(sql`coalesce(${perWorkflow.refunds}, 0)`),
          gross: asNumber(sql`coalesce(${perWorkflow.gross}, 0)`),
          earnings: asNumber(sql`coalesce(${perWorkflow.earnings}, 0)`),
        })
        .from(workflows)
        .leftJoin(perWorkflow, eq(perWorkflow.workflowId, workflows.id))
        .where(
          and(
            eq(workflows.userId, sellerId),
            sql`(${workflows.deletedAt} is null or ${perWorkflow.workflowId} is not null)`,
            sql`(${workflows.price} > 0 or ${perWorkflow.workflowId} is not null)`,
          ),
        )
        .orderBy(desc(sql`coalesce(${perWorkflow.gross}, 0)`), desc(workflows.createdAt));
    },

    /**
     * Sales that stand (refunded ones left out) per listing and licence tier, and per listing and
     * discount code, from what each order recorded of its tier and code.
     */
    async salesBreakdowns(sellerId: string) {
      const standing = and(eq(sales.sellerId, sellerId), isNull(orders.refundedAt));
      const licence = sql<string>`${orders}."licence"`;
      const code = sql<string | null>`${orders}."discount_code"`;
      const [byLicence, byDiscount] = await Promise.all([
        db
          .select({
            workflowId: sales.workflowId,
            licence,
            sales: asNumber(sql`count(*)`),
            gross: asNumber(sql`coalesce(sum(${sales.price}), 0)`),
          })
          .from(sales)
          .innerJoin(orders, eq(orders.id, sales.orderId))
          .where(standing)
          .groupBy(sales.workflowId, licence)
          .orderBy(sales.workflowId, licence),
        db
          .select({
            workflowId: sales.workflowId,
            code,
            sales: asNumber(sql`count(*)`),
            gross: asNumber(sql`coalesce(sum(${sales.price}), 0)`),
            discount: asNumber(sql`coalesce(sum(${orders}."discount_amount"), 0)`),
          })
          .from(sales)
          .innerJoin(orders, eq(orders.id, sales.orderId))
          .where(standing)
          .groupBy(sales.workflowId, code)
          .orderBy(sales.workflowId, sql`${code} nulls first`),
      ]);
      return { byLicence, byDiscount };
    },

    /** One row per sale, newest first, for the seller's CSV. */
    async listSales(sellerId: string) {
      return db
        .select({
          sale: sales,
          code: orders.code,
          title: orders.workflowTitle,
          refundedAt: orders.refundedAt,
        })
        .from(sales)
        .innerJoin(orders, eq(orders.id, sales.orderId))
        .where(eq(sales.sellerId, sellerId))
        .orderBy(desc(sales.paidAt));
    },

    /** payOS accepted the payout: its payout ID, by which its result is asked. */
    async setPayosRef(id: string, payosRef: string) {
      await db
        .update(payouts)
        .set({ payosRef })
        .where(and(eq(payouts.id, id), eq(payouts.state, 'sending')));
    },

    /** The payouts whose result payOS has not given yet, oldest first. */
    async listSending(): Promise<PayoutRow[]> {
      return db.select().from(payouts).where(eq(payouts.state, 'sending')).orderBy(asc(payouts.sentAt));
    },

    async findPayout(id: string): Promise<PayoutRow | null> {
      const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
      return row ?? null;
    },

    /**
     * Seals the account numbers of rows written before they were sealed (decision 0154): SQL cannot
     * seal, so this runs when the server starts. Idempotent: a sealed row has no clear number left.
     */
    async sealClearAccountNumbers(keys: SealingKeys): Promise<number> {
      let sealed = 0;
      const accounts = await db
        .select({ sellerId: payoutAccounts.sellerId, accountNumber: payoutAccounts.accountNumber })
        .from(payoutAccounts)
        .where(isNotNull(payoutAccounts.accountNumber));
      for (const row of accounts) {
        await db
          .update(payoutAccounts)
          .set(sealAccountNumber(row.accountNumber!, keys))
          .where(and(eq(payoutAccounts.sellerId, row.sellerId), isNotNull(payoutAccounts.accountNumber)));
        sealed += 1;
      }
      const paid = await db
        .select({ id: payouts.id, accountNumber: payouts.accountNumber })
        .from(payouts)
        .where(isNotNull(payouts.accountNumber));
      for (const row of paid) {
        await db
          .update(payouts)
          .set(sealAccountNumber(row.accountNumber!, keys))
          .where(and(eq(payouts.id, row.id), isNotNull(payouts.accountNumber)));
        sealed += 1;
      }
      return sealed;
    },

    async listAdminPayouts(state: PayoutState | undefined) {
      return db
        .select(adminPayoutColumns)
        .from(payouts)
        .innerJoin(user, eq(user.id, payouts.sellerId))
        .where(state ? eq(payouts.state, state) : undefined)
        .orderBy(state && IN_PROGRESS.includes(state) ? asc(payouts.createdAt) : desc(payouts.createdAt))
        .limit(500);
    },

    async findAdminPayout(id: string) {
      const [row] = await db
        .select(adminPayoutColumns)
        .from(payouts)
        .innerJoin(user, eq(user.id, payouts.sellerId))
        .where(eq(payouts.id, id));
      return row ?? null;
    },

    /** Per month of sale: sales, what buyers paid and the fees kept (refunded sales' fees returned). */
    async monthlyFees(since: Date) {
      const month = sql<string>`to_char(${vnTime(sales.paidAt)}, 'YYYY-MM')`;
      const refunded = sql`${orders.refundedAt} is not null`;
      return db
        .select({
          month,
          sales: asNumber(sql`count(*)`),
          gross: asNumber(sql`coalesce(sum(${sales.price}), 0)`),
          fees: asNumber(sql`coalesce(sum(${sales.fee}) filter (where not ${refunded}), 0)`),
        })
        .from(sales)
        .innerJoin(orders, eq(orders.id, sales.orderId))
        .where(gte(sales.paidAt, since))
        .groupBy(month)
        .orderBy(month);
    },

    /** Per month of refund: how many and how much buyers got back. */
    async monthlyRefunds(since: Date) {
      const month = sql<string>`to_char(${vnTime(orders.refundedAt)}, 'YYYY-MM')`;
      return db
        .select({
          month,
          refunds: asNumber(sql`count(*)`),
          amount: asNumber(sql`coalesce(sum(${orders.amount}), 0)`),
        })
        .from(orders)
        .where(and(eq(orders.state, 'refunded'), gte(orders.refundedAt, since)))
        .groupBy(month)
        .orderBy(month);
    },

    async pendingPayouts() {
      const [row] = await db
        .select({
          count: asNumber(sql`count(*)`),
          amount: asNumber(sql`coalesce(sum(${payouts.amount}), 0)`),
        })
        .from(payouts)
        .where(inProgress);
      return { count: row?.count ?? 0, amount: row?.amount ?? 0 };
    },

    /** A seller's ledger, oldest first (tests and audits). */
    async ledgerOf(sellerIds: string[]): Promise<LedgerEntryRow[]> {
      if (sellerIds.length === 0) return [];
      return db
        .select()
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.sellerId, sellerIds))
        .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
    },
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
