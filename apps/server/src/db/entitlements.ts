import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from './client.ts';
import type { LicenceTier } from '@flowbay/domain';
import { orders, purchases } from './schema.ts';

/**
 * Whether the user holds an entitlement to the workflow that no refund has revoked: the one
 * definition every repository asks (catalogue downloads, checkout, the n8n library).
 */
export async function hasActiveEntitlement(
  db: Pick<Database, 'select'>,
  userId: string,
  workflowId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(eq(purchases.userId, userId), eq(purchases.workflowId, workflowId), isNull(purchases.revokedAt)),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The buyer's name, licence and order code behind an active paid entitlement (what a bought file's
 * licence note names), or null for a free, own or unowned workflow.
 */
export async function entitlementStamp(
  db: Pick<Database, 'select'>,
  userId: string,
  workflowId: string,
): Promise<{ buyerName: string; licence: LicenceTier; orderCode: string } | null> {
  const [row] = await db
    .select({ buyerName: orders.buyerName, licence: purchases.licence, orderCode: orders.code })
    .from(purchases)
    .innerJoin(orders, eq(orders.id, purchases.orderId))
    .where(
      and(eq(purchases.userId, userId), eq(purchases.workflowId, workflowId), isNull(purchases.revokedAt)),
    )
    .limit(1);
  return row ?? null;
}
