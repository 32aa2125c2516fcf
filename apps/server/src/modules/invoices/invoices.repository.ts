import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { InvoiceProviderId } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { invoiceRequests, orders } from '../../db/schema.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';

export type InvoiceRow = typeof invoiceRequests.$inferSelect;

/** The request with what the invoice and its e-mails need from its order. */
const withOrder = {
  invoice: invoiceRequests,
  order: {
    id: orders.id,
    code: orders.code,
    state: orders.state,
    buyerId: orders.buyerId,
    buyerEmail: orders.buyerEmail,
    buyerLanguage: orders.buyerLanguage,
    workflowTitle: orders.workflowTitle,
    amount: orders.amount,
    paidAt: orders.paidAt,
  },
};
export type InvoiceWithOrder = { invoice: InvoiceRow; order: OrderOfInvoice };
export type OrderOfInvoice = {
  id: string;
  code: string;
  state: string;
  buyerId: string | null;
  buyerEmail: string;
  buyerLanguage: 'en' | 'vi';
  workflowTitle: string;
  amount: number;
  paidAt: Date | null;
};

export interface RequestValues {
  companyName: string;
  taxCode: string;
  address: string;
  email: string;
}

/** Writes that run in a caller's transaction (an order's payment or refund, or the service's own). */
function writes(q: Queryable) {
  return {
    /** The order's state, its row locked until the transaction ends (a payment waits for it). */
    async lockOrder(orderId: string): Promise<string | null> {
      const [row] = await q
        .select({ state: orders.state })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      return row?.state ?? null;
    },

    async stateOf(orderId: string) {
      const [row] = await q
        .select({ state: invoiceRequests.state })
        .from(invoiceRequests)
        .where(eq(invoiceRequests.orderId, orderId));
      return row?.state ?? null;
    },

    /** The request, or a changed one; a new request starts over (nothing issued yet). */
    async upsert(
      orderId: string,
      values: RequestValues,
      state: 'requested' | 'pending',
      provider: InvoiceProviderId,
      now: Date,
    ) {
      const fresh = { ...values, state, provider, lastError: null, updatedAt: now };
      const [row] = await q
        .insert(invoiceRequests)
        .values({ orderId, ...fresh, createdAt: now })
        .onConflictDoUpdate({ target: invoiceRequests.orderId, set: fresh })
        .returning();
      return row!;
    },

    /** A paid order's request waits to be issued (by an admin, or by the provider's job). */
    async markPaid(orderId: string, provider: InvoiceProviderId, now: Date) {
      const [row] = await q
        .update(invoiceRequests)
        .set({ state: 'pending', provider, updatedAt: now })
        .where(and(eq(invoiceRequests.orderId, orderId), eq(invoiceRequests.state, 'requested')))
        .returning();
      return row ?? null;
    },

    /** Issued once: a second issue (an admin and the job at once) changes nothing and answers null. */
    async markIssued(
      orderId: string,
      issued: {
        invoiceNumber: string;
        lookupCode: string;
        providerRef?: string | null;
        issuedBy?: string | null;
      },
      now: Date,
    ) {
      const [row] = await q
        .update(invoiceRequests)
        .set({ ...issued, state: 'issued', issuedAt: now, lastError: null, updatedAt: now })
        .where(
          and(eq(invoiceRequests.orderId, orderId), inArray(invoiceRequests.state, ['pending', 'failed'])),
        )
        .returning();
      return row ?? null;
    },

    /** A refund after the invoice was issued: an adjustment invoice (hóa đơn điều chỉnh) is due. */
    async markAdjustmentDue(orderId: string, now: Date) {
      const [row] = await q
        .update(invoiceRequests)
        .set({ adjustmentDueAt: now, updatedAt: now })
        .where(
          and(
            eq(invoiceRequests.orderId, orderId),
            eq(invoiceRequests.state, 'issued'),
            isNull(invoiceRequests.adjustmentDueAt),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export function createInvoicesRepository(db: Database) {
  const select = (q: Queryable = db) =>
    q.select(withOrder).from(invoiceRequests).innerJoin(orders, eq(orders.id, invoiceRequests.orderId));

  return {
    ...writes(db),
    /** The same writes inside a caller's transaction. */
    in: (tx: Queryable) => writes(tx),

    transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },

    async orderByCode(code: string): Promise<OrderOfInvoice | null> {
      const [row] = await db.select(withOrder.order).from(orders).where(eq(orders.code, code));
      return row ?? null;
    },

    async byOrderId(orderId: string): Promise<InvoiceWithOrder | null> {
      const [row] = await select().where(eq(invoiceRequests.orderId, orderId));
      return row ?? null;
    },

    async byOrderCode(code: string): Promise<InvoiceWithOrder | null> {
      const [row] = await select().where(eq(orders.code, code));
      return row ?? null;
    },

    /**
     * `open`: paid orders' requests still to issue (or that the provider gave up on), and issued
     * invoices of refunded orders whose adjustment is not done; `all`: every request. Oldest first
     * for the open queue, newest first for all.
     */
    async list(view: 'open' | 'all', limit = 200): Promise<InvoiceWithOrder[]> {
      if (view === 'all') return select().orderBy(desc(invoiceRequests.createdAt)).limit(limit);
      return select()
        .where(
          or(
            and(inArray(invoiceRequests.state, ['pending', 'failed']), eq(orders.state, 'paid')),
            and(isNotNull(invoiceRequests.adjustmentDueAt), isNull(invoiceRequests.adjustedAt)),
          ),
        )
        .orderBy(invoiceRequests.createdAt)
        .limit(limit);
    },

    /** One failed attempt of the provider's job: its error, and the creation to ask about next time. */
    async recordAttempt(
      orderId: string,
      error: string,
      providerRef: string | null,
      failed: boolean,
      now: Date,
    ) {
      await db
        .update(invoiceRequests)
        .set({
          attempts: sql`${invoiceRequests.attempts} + 1`,
          lastError: error.slice(0, 1000),
          providerRef,
          ...(failed ? { state: 'failed' as const } : {}),
          updatedAt: now,
        })
        .where(
          and(eq(invoiceRequests.orderId, orderId), inArray(invoiceRequests.state, ['pending', 'failed'])),
        );
    },

    async rememberRef(orderId: string, providerRef: string, now: Date) {
      await db
        .update(invoiceRequests)
        .set({ providerRef, attempts: sql`${invoiceRequests.attempts} + 1`, updatedAt: now })
        .where(eq(invoiceRequests.orderId, orderId));
    },

    async markAdjusted(orderId: string, now: Date) {
      const [row] = await db
        .update(invoiceRequests)
        .set({ adjustedAt: now, updatedAt: now })
        .where(
          and(
            eq(invoiceRequests.orderId, orderId),
            isNotNull(invoiceRequests.adjustmentDueAt),
            isNull(invoiceRequests.adjustedAt),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
