import { and, asc, eq } from 'drizzle-orm';
import type { LicenceTier } from '@flowbay/domain';
import { bundleItems, bundleOrderItems, orders, workflows } from '../../db/schema.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';

/** What the receipt says beyond the order's event: the licence bought, a code, a bundle's workflows. */
export interface ReceiptDetails {
  licence: LicenceTier;
  upgradeFrom: LicenceTier | null;
  discountCode: string | null;
  discountAmount: number;
  /** A bundle order's workflows (the ones it grants), in the bundle's order; null for one workflow. */
  bundleWorkflows: string[] | null;
}

/** Reads the receipt's details of an order, in the transaction that paid it. */
export async function readReceiptDetails(db: Queryable, orderId: string): Promise<ReceiptDetails | null> {
  const [order] = await db
    .select({
      licence: orders.licence,
      upgradeFrom: orders.upgradeFrom,
      discountCode: orders.discountCode,
      discountAmount: orders.discountAmount,
      bundleId: orders.bundleId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const bundleWorkflows = order.bundleId
    ? (
        await db
          .select({ title: workflows.title })
          .from(bundleOrderItems)
          .innerJoin(workflows, eq(workflows.id, bundleOrderItems.workflowId))
          .leftJoin(
            bundleItems,
            and(
              eq(bundleItems.bundleId, order.bundleId),
              eq(bundleItems.workflowId, bundleOrderItems.workflowId),
            ),
          )
          .where(eq(bundleOrderItems.orderId, orderId))
          .orderBy(asc(bundleItems.position), asc(workflows.title))
      ).map((row) => row.title)
    : null;
  return {
    licence: order.licence,
    upgradeFrom: order.upgradeFrom,
    discountCode: order.discountCode,
    discountAmount: order.discountAmount,
    bundleWorkflows,
  };
}
