import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerEntries, sales, sellerTaxProfiles } from '../../db/schema.ts';

export type TaxProfileRow = typeof sellerTaxProfiles.$inferSelect;

/** Vietnam keeps UTC+7 all year, so a fixed offset gives its calendar months on both databases. */
const vnMonth = sql<string>`to_char((${ledgerEntries.createdAt}) at time zone 'UTC' + interval '7 hours', 'YYYY-MM')`;
const asNumber = (expression: ReturnType<typeof sql>) => sql<number>`${expression}`.mapWith(Number);

/**
 * What was withheld, read from the ledger alone (decision 0150): a sale counts in the month its
 * entries were written and a refund in the month of its reversal, so a month once filed never
 * changes. Gross is the price of withheld sales less the price of their refunds.
 */
const withheldSums = {
  gross: asNumber(sql`coalesce(sum(case ${ledgerEntries.kind}
    when 'sale_credit' then ${sales.price} when 'refund_reversal' then -${sales.price} else 0 end), 0)`),
  vat: asNumber(
    sql`-coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('vat_withheld', 'vat_reversal')), 0)`,
  ),
  pit: asNumber(
    sql`-coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('pit_withheld', 'pit_reversal')), 0)`,
  ),
};
const TAX_KINDS = [
  'sale_credit',
  'refund_reversal',
  'vat_withheld',
  'vat_reversal',
  'pit_withheld',
  'pit_reversal',
] as const;

export function createTaxRepository(db: Database) {
  const withheldEntries = (since: Date, until: Date) =>
    and(
      inArray(ledgerEntries.kind, [...TAX_KINDS]),
      sql`${sales.taxKind} <> 'company'`,
      gte(ledgerEntries.createdAt, since),
      lt(ledgerEntries.createdAt, until),
    );

  return {
    async findProfile(sellerId: string): Promise<TaxProfileRow | null> {
      const [row] = await db.select().from(sellerTaxProfiles).where(eq(sellerTaxProfiles.sellerId, sellerId));
      return row ?? null;
    },

    async upsertProfile(values: typeof sellerTaxProfiles.$inferInsert) {
      const { sellerId: _sellerId, ...changes } = values;
      await db
        .insert(sellerTaxProfiles)
        .values(values)
        .onConflictDoUpdate({ target: sellerTaxProfiles.sellerId, set: changes });
    },

    /** Per seller, what was withheld between `since` and `until`, with their profile if any. */
    async withheldBySeller(since: Date, until: Date) {
      return db
        .select({ sellerId: ledgerEntries.sellerId, ...withheldSums, profile: sellerTaxProfiles })
        .from(ledgerEntries)
        .innerJoin(sales, eq(sales.orderId, ledgerEntries.orderId))
        .leftJoin(sellerTaxProfiles, eq(sellerTaxProfiles.sellerId, ledgerEntries.sellerId))
        .where(withheldEntries(since, until))
        .groupBy(ledgerEntries.sellerId, sellerTaxProfiles.sellerId)
        .orderBy(asc(sellerTaxProfiles.legalName), asc(ledgerEntries.sellerId));
    },

    /** One seller's withholding per month between `since` and `until`. */
    async withheldByMonth(sellerId: string, since: Date, until: Date) {
      return db
        .select({ month: vnMonth, ...withheldSums })
        .from(ledgerEntries)
        .innerJoin(sales, eq(sales.orderId, ledgerEntries.orderId))
        .where(and(eq(ledgerEntries.sellerId, sellerId), withheldEntries(since, until)))
        .groupBy(vnMonth)
        .orderBy(vnMonth);
    },
  };
}

export type TaxRepository = ReturnType<typeof createTaxRepository>;
