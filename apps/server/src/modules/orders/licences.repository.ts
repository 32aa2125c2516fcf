import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LicenceTier } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { discountCodes, orders, purchases, workflows } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/**
 * Licence tiers and discount codes as orders read and write them (decision 0159). A use of a code is
 * taken when an order is placed, by a conditional update (never past max_uses, however many checkouts
 * run at once), and given back when the order closes unpaid.
 */
export function licenceReads(db: Db) {
  return {
    /** The tier of the buyer's active entitlement, or null when they do not own the workflow. */
    async ownedLicence(userId: string, workflowId: string): Promise<LicenceTier | null> {
      const [row] = await db
        .select({ licence: purchases.licence })
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, userId),
            eq(purchases.workflowId, workflowId),
            isNull(purchases.revokedAt),
          ),
        )
        .limit(1);
      return row?.licence ?? null;
    },

    async tierPrices(workflowId: string) {
      const [row] = await db
        .select({
          price: workflows.price,
          commercialPrice: workflows.commercialPrice,
          agencyPrice: workflows.agencyPrice,
          agencyClients: workflows.agencyClients,
        })
        .from(workflows)
        .where(eq(workflows.id, workflowId));
      return row ?? null;
    },

    /** The tier of each workflow the user holds an active entitlement to. */
    async heldLicences(userId: string): Promise<Map<string, LicenceTier>> {
      const rows = await db
        .select({ workflowId: purchases.workflowId, licence: purchases.licence })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), isNull(purchases.revokedAt)));
      return new Map(rows.map((row) => [row.workflowId, row.licence]));
    },

    /** A seller's code by its name (upper case). */
    async findCode(sellerId: string, code: string): Promise<DiscountCodeRow | null> {
      const [row] = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.sellerId, sellerId), eq(discountCodes.code, code)));
      return row ?? null;
    },
  };
}

export function licenceWrites(tx: Tx) {
  return {
    ...licenceReads(tx),

    /** Takes one use of the code if one is left (atomic: the row's update serialises checkouts). */
    async takeUse(codeId: string): Promise<boolean> {
      const rows = await tx
        .update(discountCodes)
        .set({ uses: sql`${discountCodes.uses} + 1` })
        .where(and(eq(discountCodes.id, codeId), sql`${discountCodes.uses} < ${discountCodes.maxUses}`))
        .returning({ id: discountCodes.id });
      return rows.length > 0;
    },

    /** An order closing unpaid gives its use back (once: the order says whether it still holds one). */
    async releaseUse(orderId: string) {
      const [row] = await tx
        .update(orders)
        .set({ discountUseHeld: false })
        .where(and(eq(orders.id, orderId), eq(orders.discountUseHeld, true), eq(orders.state, 'pending')))
        .returning({ codeId: orders.discountCodeId });
      if (!row?.codeId) return;
      await tx
        .update(discountCodes)
        .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
        .where(eq(discountCodes.id, row.codeId));
    },

    /**
     * A payment that arrives after its order closed (and gave its use back) takes a use again if one
     * is left; if none is, the sale still stands at the price the buyer was charged.
     */
    async retakeUse(orderId: string) {
      const [row] = await tx
        .select({ codeId: orders.discountCodeId, held: orders.discountUseHeld })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!row?.codeId || row.held) return;
      if (await this.takeUse(row.codeId)) {
        await tx.update(orders).set({ discountUseHeld: true }).where(eq(orders.id, orderId));
      }
    },

    /** A paid upgrade raises the buyer's entitlement to its tier. */
    async upgradeEntitlement(userId: string, workflowId: string, licence: LicenceTier) {
      await tx
        .update(purchases)
        .set({ licence })
        .where(
          and(
            eq(purchases.userId, userId),
            eq(purchases.workflowId, workflowId),
            isNull(purchases.revokedAt),
          ),
        );
    },

    /** A refunded upgrade puts the entitlement back to the tier it replaced. */
    async revertUpgrade(userId: string, workflowId: string, from: LicenceTier, to: LicenceTier) {
      await tx
        .update(purchases)
        .set({ licence: from })
        .where(
          and(
            eq(purchases.userId, userId),
            eq(purchases.workflowId, workflowId),
            eq(purchases.licence, to),
            isNull(purchases.revokedAt),
          ),
        );
    },
  };
}
