import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from './client.ts';
import { purchases } from './schema.ts';

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
