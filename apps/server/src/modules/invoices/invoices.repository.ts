import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
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

/** What issuing an invoice records: the provider's number and lookup code, and who issued it. */
export interface IssuedInvoice {
  invoiceNumber: string;
  lookupCode: string;
  providerRef?: string | null;
  issuedBy?: string | null;
}

/**
 * Changes an order's request only while `guard` holds (the state the step starts from), so a step
 * raced by another (an admin and the job at once) changes nothing: the row after, or null.
 */
async function updateWhile(
  q: Queryable,
  orderId: string,
  change: PgUpdateSetSource<typeof invoiceRequests>,
  guard: SQL | undefined,
) {
  const [row] = await q
    .update(invoiceRequests)
    .set(change)
    .where(and(eq(invoiceRequests.orderId, orderId), guard))
    .returning();
  return row ?? null;
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
    markPaid(orderId: string, provider: InvoiceProviderId, now: Date) {
      return updateWhile(
        q,
        orderId,
        { state: 'pending', provider, updatedAt: now },
        eq(invoiceRequests.state, 'requested'),
      );
    },

    /** Issued once: a second issue (an admin and the job at once) changes nothing and answers null. */
    markIssued(orderId: string, issued: IssuedInvoice, now: Date) {
      return updateWhile(
        q,
        orderId,
        { ...issued, state: 'issued', issuedAt: now, lastError: null, updatedAt: now },
        inArray(invoiceRequests.state, ['pending', 'failed']),
      );
    },

    /** A refund after the invoice was issued: an adjustment invoice (hóa đơn điều chỉnh) is due. */
    markAdjustmentDue(orderId: string, now: Date) {
      return updateWhile(
        q,
        orderId,
        { adjustmentDueAt: now, updatedAt: now },
        and(eq(invoiceRequests.state, 'issued'), isNull(invoiceRequests.adjustmentDueAt)),
      );
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

    markAdjusted(orderId: string, now: Date) {
      return updateWhile(
        db,
        orderId,
        { adjustedAt: now, updatedAt: now },
        and(isNotNull(invoiceRequests.adjustmentDueAt), isNull(invoiceRequests.adjustedAt)),
      );
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
