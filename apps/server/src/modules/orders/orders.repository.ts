import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { OrderState, PaymentIncidentKind, PaymentIncidentOutcome } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { hasActiveEntitlement as activeEntitlement } from '../../db/entitlements.ts';
import {
  downloadEvents,
  orders,
  paymentEvents,
  paymentIncidents,
  purchases,
  refundRequests,
  user,
  workflowDownloads,
  workflowVersions,
  workflows,
} from '../../db/schema.ts';
import { publicName } from '../../db/fragments.ts';
import { licenceReads, licenceWrites } from './licences.repository.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type PaymentEventInput = typeof paymentEvents.$inferInsert;
export type PaymentIncidentRow = typeof paymentIncidents.$inferSelect;
export type NewPaymentIncident = typeof paymentIncidents.$inferInsert;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const orderView = {
  order: orders,
  workflowNumber: workflows.number,
  workflowSlug: workflows.slug,
  workflowDeletedAt: workflows.deletedAt,
  refundState: refundRequests.state,
  refundReason: refundRequests.reason,
  refundDecisionReason: refundRequests.decisionReason,
  refundCreatedAt: refundRequests.createdAt,
  sellerAnswer: refundRequests.sellerAnswer,
  sellerReason: refundRequests.sellerReason,
  sellerAnsweredAt: refundRequests.sellerAnsweredAt,
  incidentKind: paymentIncidents.kind,
  incidentOutcome: paymentIncidents.outcome,
  incidentReceivedAmount: paymentIncidents.receivedAmount,
};
export interface OrderView {
  order: OrderRow;
  workflowNumber: number;
  workflowSlug: string;
  workflowDeletedAt: Date | null;
  refundState: 'open' | 'approved' | 'declined' | null;
  refundReason: string | null;
  refundDecisionReason: string | null;
  refundCreatedAt: Date | null;
  sellerAnswer: 'accepted' | 'contested' | null;
  sellerReason: string | null;
  sellerAnsweredAt: Date | null;
  incidentKind: PaymentIncidentKind | null;
  incidentOutcome: PaymentIncidentOutcome | null;
  incidentReceivedAmount: number | null;
}

function viewQuery(db: Database | Tx) {
  return db
    .select(orderView)
    .from(orders)
    .innerJoin(workflows, eq(workflows.id, orders.workflowId))
    .leftJoin(refundRequests, eq(refundRequests.orderId, orders.id))
    .leftJoin(paymentIncidents, eq(paymentIncidents.orderId, orders.id));
}

/** What changes an order, always inside one transaction with the order's row locked. */
function writes(tx: Tx) {
  return {
    /** The job queue may enqueue into this same transaction. */
    queryable: tx as Queryable,

    /** Licence tiers and discount codes (licences.repository.ts). */
    licences: licenceWrites(tx),

    /** Serialises checkouts of one buyer for one workflow (released at commit). */
    async lockCheckout(buyerId: string, workflowId: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${buyerId}), hashtext(${workflowId}))`);
    },

    async findPending(buyerId: string, workflowId: string): Promise<OrderRow | null> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.buyerId, buyerId),
            eq(orders.workflowId, workflowId),
            eq(orders.state, 'pending'),
            // A bundle order names one of its items as its workflow: it is not that workflow's checkout.
            isNull(orders.bundleId),
          ),
        );
      return row ?? null;
    },

    async insertOrder(values: NewOrder): Promise<OrderRow> {
      const [row] = await tx.insert(orders).values(values).returning();
      return row!;
    },

    async setPayment(orderId: string, redirectUrl: string, session: string | null) {
      await tx
        .update(orders)
        .set({ redirectUrl, providerSession: session, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
    },

    async lockByCode(code: string): Promise<OrderRow | null> {
      const [row] = await tx.select().from(orders).where(eq(orders.code, code)).for('update');
      return row ?? null;
    },

    async lockById(id: string): Promise<OrderRow | null> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      return row ?? null;
    },

    async hasActiveEntitlement(userId: string, workflowId: string): Promise<boolean> {
      return activeEntitlement(tx, userId, workflowId);
    },

    async close(orderId: string, state: 'failed' | 'expired', now: Date) {
      await licenceWrites(tx).releaseUse(orderId);
      await tx
        .update(orders)
        .set({ state, closedAt: now, updatedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.state, 'pending')));
    },

    /** Paid: from pending, or late, from a closed checkout whose payment still arrived. */
    async markPaid(orderId: string, providerRef: string | null, now: Date) {
      await licenceWrites(tx).retakeUse(orderId);
      await tx
        .update(orders)
        .set({ state: 'paid', paidAt: now, providerRef, updatedAt: now })
        .where(and(eq(orders.id, orderId), inArray(orders.state, ['pending', 'expired', 'failed'])));
    },

    /** Money taken that buys nothing: recorded on the order (closed if it was open) until refunded. */
    async recordPaymentToRefund(orderId: string, providerRef: string | null, now: Date) {
      await licenceWrites(tx).releaseUse(orderId);
      await tx
        .update(orders)
        .set({
          paidAt: now,
          providerRef,
          state: sql`case when ${orders.state} = 'pending' then 'failed' else ${orders.state} end`,
          closedAt: sql`coalesce(${orders.closedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(orders.id, orderId));
    },

    /** The state (not yet listed, delisted, deleted) of what an order bought, read under the order's lock. */
    async findWorkflowState(workflowId: string) {
      const [row] = await tx
        .select({ status: workflows.status, deletedAt: workflows.deletedAt })
        .from(workflows)
        .where(eq(workflows.id, workflowId));
      return row ?? null;
    },

    async insertIncident(incident: NewPaymentIncident) {
      await tx.insert(paymentIncidents).values(incident).onConflictDoNothing();
    },

    async lockIncident(orderId: string): Promise<PaymentIncidentRow | null> {
      const [row] = await tx
        .select()
        .from(paymentIncidents)
        .where(eq(paymentIncidents.orderId, orderId))
        .for('update');
      return row ?? null;
    },

    /** One more refund attempt, still pending or failed for good (an admin acts). */
    async recordRefundAttempt(orderId: string, error: string, outcome: PaymentIncidentOutcome, now: Date) {
      await tx
        .update(paymentIncidents)
        .set({
          outcome,
          lastError: error.slice(0, 1000),
          refundAttempts: sql`${paymentIncidents.refundAttempts} + 1`,
          resolvedAt: outcome === 'refund_failed' ? now : null,
        })
        .where(eq(paymentIncidents.orderId, orderId));
    },

    async setIncidentOutcome(orderId: string, outcome: PaymentIncidentOutcome) {
      await tx
        .update(paymentIncidents)
        .set({ outcome, resolvedAt: null })
        .where(eq(paymentIncidents.orderId, orderId));
    },

    /** The automatic refund went through: the incident and the order say so. */
    async recordAutoRefund(orderId: string, refundRef: string, now: Date) {
      await tx
        .update(paymentIncidents)
        .set({
          outcome: 'refunded',
          refundRef,
          lastError: null,
          refundAttempts: sql`${paymentIncidents.refundAttempts} + 1`,
          resolvedAt: now,
        })
        .where(eq(paymentIncidents.orderId, orderId));
      await tx
        .update(orders)
        .set({ state: 'refunded', refundedAt: now, refundRef, updatedAt: now })
        .where(eq(orders.id, orderId));
    },

    /**
     * The entitlement: one row per buyer and workflow (unique), so however many payments arrive,
     * one entitlement exists. A refunded one is restored by a later paid order.
     */
    async grantEntitlement(order: OrderRow, now: Date): Promise<boolean> {
      if (!order.buyerId) return false;
      if (order.upgradeFrom) {
        await licenceWrites(tx).upgradeEntitlement(order.buyerId, order.workflowId, order.licence);
        return true;
      }
      const rows = await tx
        .insert(purchases)
        .values({
          userId: order.buyerId,
          workflowId: order.workflowId,
          amount: order.amount,
          provider: order.provider,
          providerRef: order.providerRef,
          orderId: order.id,
          licence: order.licence,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [purchases.userId, purchases.workflowId],
          set: {
            revokedAt: null,
            orderId: order.id,
            licence: order.licence,
            amount: order.amount,
            provider: order.provider,
            providerRef: order.providerRef,
            createdAt: now,
          },
          setWhere: sql`${purchases.revokedAt} is not null`,
        })
        .returning({ id: purchases.id });
      return rows.length > 0;
    },

    async revokeEntitlement(orderId: string, now: Date) {
      await tx
        .update(purchases)
        .set({ revokedAt: now })
        .where(and(eq(purchases.orderId, orderId), isNull(purchases.revokedAt)));
    },

    async markRefunded(orderId: string, refundRef: string, now: Date) {
      await tx
        .update(orders)
        .set({ state: 'refunded', refundedAt: now, refundRef, updatedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.state, 'paid')));
    },

    async insertEvent(event: PaymentEventInput) {
      await tx.insert(paymentEvents).values(event);
    },

    /** Whether the order's event log already holds this outcome. */
    async hasEvent(orderId: string, outcome: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.outcome, outcome)))
        .limit(1);
      return row !== undefined;
    },

    async findRefundRequest(orderId: string) {
      const [row] = await tx.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));
      return row ?? null;
    },

    /** Whom to tell, read in the transaction (on PGlite it holds the only connection). */
    async findUser(id: string) {
      const [row] = await tx
        .select({ id: user.id, email: user.email, locale: user.locale })
        .from(user)
        .where(eq(user.id, id));
      return row ?? null;
    },

    async insertRefundRequest(orderId: string, reason: string, now: Date) {
      await tx.insert(refundRequests).values({ orderId, reason, createdAt: now });
    },

    async decideRefundRequest(
      orderId: string,
      state: 'approved' | 'declined',
      reason: string,
      by: string,
      now: Date,
    ) {
      await tx
        .update(refundRequests)
        .set({ state, decisionReason: reason, decidedBy: by, decidedAt: now })
        .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.state, 'open')));
    },

    /** The seller's answer, written once: a second answer (even a concurrent one) changes nothing. */
    async answerRefundRequest(
      orderId: string,
      answer: { accepted: boolean; reason: string | null },
      now: Date,
    ): Promise<boolean> {
      const rows = await tx
        .update(refundRequests)
        .set({
          sellerAnswer: answer.accepted ? 'accepted' : 'contested',
          sellerReason: answer.reason,
          sellerAnsweredAt: now,
        })
        .where(
          and(
            eq(refundRequests.orderId, orderId),
            eq(refundRequests.state, 'open'),
            isNull(refundRequests.sellerAnsweredAt),
          ),
        )
        .returning({ orderId: refundRequests.orderId });
      return rows.length > 0;
    },
  };
}
export type OrderWrites = ReturnType<typeof writes>;

export function createOrdersRepository(db: Database) {
  return {
    /** Licence tiers and discount codes (licences.repository.ts). */
    licences: licenceReads(db),

    transaction<T>(work: (repository: OrderWrites) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(writes(tx)));
    },

    /** An event outside any transaction (a callback that matched no order, or whose handling failed). */
    async insertEvent(event: PaymentEventInput) {
      await db.insert(paymentEvents).values(event);
    },

    async findWorkflowForSale(id: string) {
      const [row] = await db
        .select({
          id: workflows.id,
          title: workflows.title,
          price: workflows.price,
          commercialPrice: workflows.commercialPrice,
          agencyPrice: workflows.agencyPrice,
          agencyClients: workflows.agencyClients,
          status: workflows.status,
          deletedAt: workflows.deletedAt,
          sellerId: workflows.userId,
          sellerName: publicName(sql`'Flowbay'`),
        })
        .from(workflows)
        .innerJoin(user, eq(user.id, workflows.userId))
        .where(eq(workflows.id, id));
      return row ?? null;
    },

    async findUser(id: string) {
      const [row] = await db
        .select({ id: user.id, email: user.email, name: user.name, locale: user.locale })
        .from(user)
        .where(eq(user.id, id));
      return row ?? null;
    },

    async hasActiveEntitlement(userId: string, workflowId: string): Promise<boolean> {
      return activeEntitlement(db, userId, workflowId);
    },

    async findById(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ?? null;
    },

    async findView(code: string): Promise<OrderView | null> {
      const [row] = await viewQuery(db).where(eq(orders.code, code));
      return (row as OrderView | undefined) ?? null;
    },

    async list(filter: { q?: string; state?: OrderState }, page: number, pageSize: number) {
      const q = filter.q?.trim();
      const where = and(
        filter.state ? eq(orders.state, filter.state) : undefined,
        q
          ? or(
              eq(orders.code, q.toUpperCase()),
              ilike(orders.code, `%${q.replace(/[%_\\]/g, '')}%`),
              ilike(orders.buyerEmail, `%${q.replace(/[%_\\]/g, '')}%`),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        viewQuery(db)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(pageSize)
          .offset(page * pageSize),
        db.select({ value: count() }).from(orders).where(where),
      ]);
      return { rows: rows as OrderView[], total: Number(total?.value ?? 0) };
    },

    /** The open refund requests on a seller's listings, oldest first. */
    async listSellerRefundRequests(sellerId: string): Promise<OrderView[]> {
      const rows = await viewQuery(db)
        .where(and(eq(orders.sellerId, sellerId), eq(refundRequests.state, 'open')))
        .orderBy(refundRequests.createdAt);
      return rows as OrderView[];
    },

    async findViewById(id: string): Promise<OrderView | null> {
      const [row] = await viewQuery(db).where(eq(orders.id, id));
      return (row as OrderView | undefined) ?? null;
    },

    /**
     * What the buyer took of a workflow: every recorded download, send and import with its time and
     * kind, oldest first, and the days of the per-day download count (which also holds downloads made
     * before each was recorded with its kind).
     */
    async downloadEvidence(userId: string, workflowId: string) {
      const [events, days] = await Promise.all([
        db
          .select({
            kind: downloadEvents.kind,
            at: downloadEvents.createdAt,
            version: downloadEvents.version,
          })
          .from(downloadEvents)
          .where(and(eq(downloadEvents.userId, userId), eq(downloadEvents.workflowId, workflowId)))
          .orderBy(downloadEvents.createdAt),
        db
          .select({ day: workflowDownloads.day })
          .from(workflowDownloads)
          .where(
            and(eq(workflowDownloads.visitor, `u:${userId}`), eq(workflowDownloads.workflowId, workflowId)),
          )
          .orderBy(workflowDownloads.day),
      ]);
      return { events, days: days.map((row) => String(row.day)) };
    },

    async listOpenRefundRequests(): Promise<OrderView[]> {
      const rows = await viewQuery(db)
        .where(eq(refundRequests.state, 'open'))
        .orderBy(refundRequests.createdAt);
      return rows as OrderView[];
    },

    /** The buyer's active entitlements with the paid order behind each. */
    async listPurchases(userId: string) {
      // One row per entitlement: a bundle order stands behind each workflow it granted. A refunded
      // one stays in the buyer's library (marked refunded, without its file); one revoked otherwise goes.
      const held = await db
        .select({
          orderId: purchases.orderId,
          workflowId: purchases.workflowId,
          revokedAt: purchases.revokedAt,
        })
        .from(purchases)
        .where(eq(purchases.userId, userId));
      const orderIds = [...new Set(held.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
      const rows = orderIds.length
        ? ((await viewQuery(db)
            .where(inArray(orders.id, orderIds))
            .orderBy(desc(orders.paidAt))) as OrderView[])
        : [];
      const workflowIds = held.map((row) => row.workflowId);
      const details = workflowIds.length
        ? await db
            .select({
              id: workflows.id,
              number: workflows.number,
              slug: workflows.slug,
              deletedAt: workflows.deletedAt,
              title: workflows.title,
              platform: sql<string | null>`${workflows.nodeSummary}->>'platform'`,
              latestVersion: workflowVersions.version,
              status: workflows.status,
              price: workflows.price,
              commercialPrice: workflows.commercialPrice,
              agencyPrice: workflows.agencyPrice,
              agencyClients: workflows.agencyClients,
            })
            .from(workflows)
            .leftJoin(workflowVersions, eq(workflowVersions.id, workflows.currentVersionId))
            .where(inArray(workflows.id, workflowIds))
        : [];
      return rows.flatMap((view) =>
        held
          .filter(
            (row) =>
              row.orderId === view.order.id && (row.revokedAt === null || view.order.state === 'refunded'),
          )
          .map((row) => ({
            view,
            workflow: details.find((detail) => detail.id === row.workflowId)!,
          })),
      );
    },

    /** Pending orders whose time is up: reconciliation asks their provider before expiring them. */
    async findStalePending(now: Date, limit = 100): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.state, 'pending'), lte(orders.expiresAt, now)))
        .orderBy(orders.expiresAt)
        .limit(limit);
    },

    /**
     * Closed, unpaid orders the provider may still have taken money for: each is asked once soon
     * after it closed and once more after every provider's payment window (`windowMs`) has passed.
     */
    async findClosedToRecheck(now: Date, windowMs: number, lookbackMs: number, limit = 100) {
      const windowEnd = sql`${orders.createdAt} + ${`${windowMs} milliseconds`}::interval`;
      return db
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.state, ['expired', 'failed']),
            isNull(orders.paidAt),
            gte(orders.createdAt, new Date(now.getTime() - lookbackMs)),
            or(
              isNull(orders.providerCheckedAt),
              and(
                sql`${orders.providerCheckedAt} < ${windowEnd}`,
                sql`${windowEnd} <= ${now.toISOString()}::timestamptz`,
              ),
            ),
          ),
        )
        .orderBy(orders.createdAt)
        .limit(limit);
    },

    async markProviderChecked(orderId: string, now: Date) {
      await db.update(orders).set({ providerCheckedAt: now }).where(eq(orders.id, orderId));
    },

    async findIncident(orderId: string): Promise<PaymentIncidentRow | null> {
      const [row] = await db.select().from(paymentIncidents).where(eq(paymentIncidents.orderId, orderId));
      return row ?? null;
    },

    /** Payment incidents, newest first, each with its order. */
    async listIncidents(page: number, pageSize: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ incident: paymentIncidents, order: orders })
          .from(paymentIncidents)
          .innerJoin(orders, eq(orders.id, paymentIncidents.orderId))
          .orderBy(desc(paymentIncidents.createdAt), desc(paymentIncidents.orderId))
          .limit(pageSize)
          .offset(page * pageSize),
        db.select({ value: count() }).from(paymentIncidents),
      ]);
      return { rows, total: Number(total?.value ?? 0) };
    },

    async listEvents(orderId: string) {
      return db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, orderId))
        .orderBy(paymentEvents.createdAt);
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
