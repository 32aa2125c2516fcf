import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { testGatewayPayments } from '../../db/schema.ts';

export type TestGatewayPayment = typeof testGatewayPayments.$inferSelect;

/** The test gateway's own books: what it charged, what the buyer cancelled, what it refunded. */
export function createTestGatewayRepository(db: Database) {
  return {
    async find(txnRef: string): Promise<TestGatewayPayment | null> {
      const [row] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.txnRef, txnRef));
      return row ?? null;
    },

    /** Records the buyer's choice once; a second click answers the first outcome. */
    async record(payment: Omit<TestGatewayPayment, 'createdAt' | 'updatedAt'>): Promise<TestGatewayPayment> {
      await db.insert(testGatewayPayments).values(payment).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.txnRef, payment.txnRef));
      return row!;
    },

    /**
     * Refunds a paid payment once: true when it is refunded (now, or already before, so a retry after
     * a crash finds its refund), false when there is nothing paid to refund.
     */
    async refund(txnRef: string): Promise<boolean> {
      await db
        .update(testGatewayPayments)
        .set({ state: 'refunded', updatedAt: sql`now()` })
        .where(sql`${testGatewayPayments.txnRef} = ${txnRef} and ${testGatewayPayments.state} = 'paid'`);
      const [row] = await db
        .select({ state: testGatewayPayments.state })
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.txnRef, txnRef));
      return row?.state === 'refunded';
    },
  };
}

export type TestGatewayRepository = ReturnType<typeof createTestGatewayRepository>;
