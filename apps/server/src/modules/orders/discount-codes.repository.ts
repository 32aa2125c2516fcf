import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discountCodes, workflows } from '../../db/schema.ts';
import type { DiscountCodeRow } from './licences.repository.ts';

export type NewDiscountCode = typeof discountCodes.$inferInsert;

/** A seller's discount codes as the seller manages them. */
export function createDiscountCodesRepository(db: Database) {
  return {
    listOf(sellerId: string): Promise<DiscountCodeRow[]> {
      return db
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.sellerId, sellerId))
        .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
    },

    /** How many of these workflows are the seller's own and not deleted. */
    async countOwnWorkflows(sellerId: string, workflowIds: string[]): Promise<number> {
      const rows = await db
        .select({ id: workflows.id })
        .from(workflows)
        .where(
          and(
            inArray(workflows.id, workflowIds),
            eq(workflows.userId, sellerId),
            isNull(workflows.deletedAt),
          ),
        );
      return rows.length;
    },

    /** The new code, or null when the seller already has one by that name. */
    async insert(values: NewDiscountCode): Promise<DiscountCodeRow | null> {
      const [row] = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async findOwn(sellerId: string, id: string): Promise<DiscountCodeRow | null> {
      const [row] = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.id, id), eq(discountCodes.sellerId, sellerId)));
      return row ?? null;
    },

    async deactivate(id: string, now: Date): Promise<DiscountCodeRow> {
      const [row] = await db
        .update(discountCodes)
        .set({ deactivatedAt: now })
        .where(eq(discountCodes.id, id))
        .returning();
      return row!;
    },
  };
}
export type DiscountCodesRepository = ReturnType<typeof createDiscountCodesRepository>;
