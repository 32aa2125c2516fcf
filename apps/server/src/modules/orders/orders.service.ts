import { randomInt } from 'node:crypto';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  ORDER_CODE_ALPHABET,
  ORDER_TTL_MINUTES,
  REFUND_ANSWER_HOURS,
  REFUND_WINDOW_DAYS,
  isUuid,
  paths,
  type AdminRefundRequest,
  type AdminOrder,
  type AdminOrdersQuery,
  type AdminPaymentIncidentsQuery,
  type CreateOrderBody,
  type Language,
  type OrderSummary,
  type PaymentProviderId,
  type Purchase,
  type Quote,
  type QuoteBody,
  type RefundedByTransferBody,
  type SellerRefundRequest,
} from '@flowbay/domain';
import type { RateConsumer, RateRule } from '../../infra/auth/rate-limit.ts';
import type { Events } from '../../infra/events/events.ts';
import type { OrderFact } from '../../infra/events/domain-events.ts';
import { queueMail } from '../../infra/jobs/mail.ts';
import type { Clock, JobQueue } from '../../infra/jobs/queue.ts';
import type { MailMessage } from '../../infra/mailer/index.ts';
import {
  PaymentProviderError,
  type CallbackInput,
  type CallbackOutcome,
  type CallbackRoute,
  type PaymentProvider,
  type PaymentStatus,
  type Settlement,
  type VerifiedCallback,
} from '../../infra/payments/index.ts';
import type { PaymentProviders } from '../../infra/payments/providers.ts';
import { isAdmin, isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { AppError, RateLimitedError, notFound } from '../../lib/errors.ts';
import { requireAdmin, requireUser } from '../../lib/guards.ts';
import { adminActor, recordAudit } from '../audit/index.ts';
import {
  amountMismatchAdminMail,
  paymentHeldBuyerMail,
  autoRefundAdminMail,
  autoRefundFailedBuyerMail,
  autoRefundedBuyerMail,
  refundDeclinedMail,
  refundRequestedMail,
  refundRequestedSellerMail,
  type AutoRefundKind,
} from './orders.mail.ts';
import type {
  OrderRow,
  OrderView,
  OrderWrites,
  OrdersRepository,
  PaymentIncidentRow,
} from './orders.repository.ts';
import { canSeeUnlisted } from '../workflows/index.ts';
import type { RejectedCallbacksRepository } from './rejected-callbacks.repository.ts';
import { alreadyHolds, orderPricing, priceOrder, samePricing, toQuote, upgradeOffers } from './pricing.ts';
import { bundleRefundFor, createBundleCheckout, grantBundle } from './bundle-orders.ts';
import { runCheckout } from './checkout-loop.ts';

export const RECONCILE_JOB = 'orders.reconcile';
export const AUTO_REFUND_JOB = 'orders.auto-refund';
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** 30 s … 32 min between tries (about an hour in all) before an automatic refund waits for an admin. */
const AUTO_REFUND_ATTEMPTS = 8;
/**
 * Every provider's checkout is payable at most this long after the order is placed (Stripe's
 * session lives 30 minutes, VNPay's 15), with a margin for callbacks in flight.
 */
const PROVIDER_PAYMENT_WINDOW_MS = 60 * MINUTE;
/** Closed orders are asked about once more after the window, if the sweep ran within this look-back. */
const RECHECK_LOOKBACK_MS = 2 * DAY;
/** What the provider's refund record says (English, for the provider's dashboard). */
const AUTO_REFUND_REASONS: Record<AutoRefundKind, string> = {
  already_owned: 'Automatic refund: the buyer already owned the workflow (double payment)',
  workflow_unavailable: 'Automatic refund: the workflow was no longer for sale when the payment arrived',
  buyer_deleted: 'Automatic refund: the buyer deleted their account before the payment arrived',
  amount_mismatch: 'Refund: the payment was for another amount than the order',
};

/**
 * Rejected callbacks one address may send a minute. A provider's genuine callbacks are never limited
 * (a refused IPN only delays the buyer's access); forgeries beyond this get 429 and are not recorded.
 */
const REJECTED_CALLBACKS_PER_ADDRESS: RateRule = { window: 60, max: 30 };
/** How long the counts of rejected callbacks are kept. */
const REJECTED_CALLBACK_RETENTION_MS = 30 * DAY;
/** What is kept of a rejected callback's content: enough to recognise it, never enough to fill a disk. */
const SAMPLE_KEYS = 32;
const SAMPLE_CHARS = 200;

function trimmedSample(payload: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(payload);
  const sample: Record<string, unknown> = {};
  for (const [key, value] of entries.slice(0, SAMPLE_KEYS)) {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    sample[key.slice(0, SAMPLE_CHARS)] =
      typeof value === 'number' || typeof value === 'boolean' ? value : text.slice(0, SAMPLE_CHARS);
  }
  if (entries.length > SAMPLE_KEYS) sample['…'] = `${entries.length - SAMPLE_KEYS} more`;
  return sample;
}

/** What a rejected callback is known by: its query, or whether its body came signed and its size. */
function callbackSample(input: CallbackInput): Record<string, unknown> {
  if (input.kind === 'query') return input.query;
  return { signature_present: Boolean(input.signature), bytes: input.rawBody.length };
}

const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');
const refundRequestNotFound = () => notFound('REFUND_REQUEST_NOT_FOUND', 'Refund request not found');
const ANSWER_WINDOW_MS = REFUND_ANSWER_HOURS * 60 * MINUTE;

export function newOrderCode(): string {
  const pick = () => ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)];
  const group = () => Array.from({ length: 4 }, pick).join('');
  return `FB-${group()}-${group()}`;
}

/** What an order's events say about it (the listeners' view of the row). */
export function orderFact(order: OrderRow): OrderFact {
  const { id, code, buyerId, buyerName, buyerEmail, buyerLanguage, workflowId, workflowTitle } = order;
  const { sellerId, sellerName, amount, provider, providerRef } = order;
  return {
    id,
    code,
    buyerId,
    buyerName,
    buyerEmail,
    buyerLanguage,
    workflowId,
    workflowTitle,
    sellerId,
    sellerName,
    amount,
    provider,
    providerRef,
  };
}

export interface OrdersServiceDeps {
  repository: OrdersRepository;
  /** Paid and refunded orders are stated as events; the ledger, receipts and reminders listen. */
  events: Pick<Events, 'emit'>;
  providers: PaymentProviders;
  queue: JobQueue;
  clock: Clock;
  publicUrl: string;
  /** Where the operators' e-mails go, and in which language. */
  support: { email: string; language: Language };
  rejectedCallbacks: Pick<RejectedCallbacksRepository, 'record' | 'pruneBefore'>;
  /** Counts rejected callbacks per address (the database or Redis, shared by every instance). */
  rate: RateConsumer;
  log: {
    info(details: Record<string, unknown>, message: string): void;
    warn(details: Record<string, unknown>, message: string): void;
    error(details: Record<string, unknown>, message: string): void;
  };
}

export function createOrdersService(deps: OrdersServiceDeps) {
  const { repository, providers, queue, clock, publicUrl, log } = deps;
  const orderUrl = (code: string) => `${publicUrl}/orders/${code}`;

  function toSummary(view: OrderView, forBuyer: boolean): OrderSummary {
    const { order } = view;
    const now = clock().getTime();
    return {
      code: order.code,
      state: order.state,
      amount: order.amount,
      currency: 'VND',
      provider: order.provider,
      workflow: {
        id: order.workflowId,
        number: view.workflowNumber,
        title: order.workflowTitle,
        slug: view.workflowSlug,
        deleted: view.workflowDeletedAt !== null,
      },
      seller: { id: order.sellerId ?? '', name: order.sellerName },
      buyer_name: order.buyerName,
      licence: order.licence,
      upgrade_from: order.upgradeFrom,
      list_price: order.listPrice ?? order.amount,
      discount_code: order.discountCode,
      discount_amount: order.discountAmount,
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      expires_at: order.expiresAt.toISOString(),
      refunded_at: order.refundedAt?.toISOString() ?? null,
      provider_ref: order.providerRef,
      refund_request: view.refundState
        ? {
            state: view.refundState,
            reason: view.refundReason ?? '',
            decision_reason: view.refundDecisionReason,
            created_at: view.refundCreatedAt!.toISOString(),
          }
        : null,
      can_request_refund:
        forBuyer &&
        order.state === 'paid' &&
        !view.refundState &&
        order.paidAt !== null &&
        now <= order.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY,
      payment_incident:
        view.incidentKind && view.incidentOutcome
          ? {
              kind: view.incidentKind,
              outcome: view.incidentOutcome,
              received_amount: view.incidentReceivedAmount,
            }
          : null,
    };
  }

  function toAdminOrder(view: OrderView): AdminOrder {
    return {
      ...toSummary(view, false),
      buyer: { id: view.order.buyerId ?? '', name: view.order.buyerName, email: view.order.buyerEmail },
    };
  }

  function sellerAnswerOf(view: OrderView) {
    return view.sellerAnswer && view.sellerAnsweredAt
      ? {
          accepted: view.sellerAnswer === 'accepted',
          reason: view.sellerReason,
          answered_at: view.sellerAnsweredAt.toISOString(),
        }
      : null;
  }

  const answerDueAt = (view: OrderView) => new Date(view.refundCreatedAt!.getTime() + ANSWER_WINDOW_MS);

  function toSellerRefundRequest(view: OrderView): SellerRefundRequest {
    const { order } = view;
    return {
      id: order.id,
      order_code: order.code,
      workflow: {
        id: order.workflowId,
        number: view.workflowNumber,
        title: order.workflowTitle,
        slug: view.workflowSlug,
      },
      amount: order.amount,
      buyer_name: order.buyerName,
      reason: view.refundReason ?? '',
      created_at: view.refundCreatedAt!.toISOString(),
      answer_due_at: answerDueAt(view).toISOString(),
      answer: sellerAnswerOf(view),
    };
  }

  /** A request in the admins' queue: the seller's answer and what the buyer took of the file. */
  async function toAdminRefundRequest(view: OrderView): Promise<AdminRefundRequest> {
    const evidence = view.order.buyerId
      ? await repository.downloadEvidence(view.order.buyerId, view.order.workflowId)
      : { events: [], days: [] };
    return {
      ...toAdminOrder(view),
      answer_due_at: answerDueAt(view).toISOString(),
      seller_answer: sellerAnswerOf(view),
      downloads: evidence.events.map((event) => ({
        kind: event.kind,
        at: event.at.toISOString(),
        version: event.version,
      })),
      download_days: evidence.days,
    };
  }

  async function viewOf(code: string): Promise<OrderView> {
    const view = await repository.findView(code);
    if (!view) throw orderNotFound();
    return view;
  }

  function mailLater(tx: OrderWrites, message: MailMessage) {
    return queueMail(queue, message, { db: tx.queryable });
  }

  /**
   * Paid: the order and the entitlement, and `order.paid` for the ledger, the receipt and the review
   * reminder, all in the caller's transaction (an order is paid once: its id is the event's).
   */
  async function fulfil(tx: OrderWrites, order: OrderRow, providerRef: string | null) {
    const now = clock();
    await tx.markPaid(order.id, providerRef, now);
    const paid: OrderRow = { ...order, state: 'paid', paidAt: now, providerRef };
    if (paid.bundleId) await grantBundle(tx, paid, now);
    else await tx.grantEntitlement(paid, now);
    await deps.events.emit(
      tx.queryable,
      'order.paid',
      { order: orderFact(paid), paidAt: now.toISOString() },
      { id: `order.paid:${order.id}` },
    );
  }

  /**
   * A verified payment of the order's amount (docs/decisions/0136-no-charge-without-an-entitlement.md):
   * it buys the entitlement if the buyer does not own the workflow yet and it is still for sale, even
   * when the order had expired or was replaced meanwhile; otherwise it is refunded automatically by a
   * job. A payment already applied (a replayed callback) changes nothing.
   */
  async function applyPayment(tx: OrderWrites, order: OrderRow, providerRef: string | null) {
    if (order.state !== 'pending' && order.state !== 'expired' && order.state !== 'failed') {
      return 'already_settled';
    }
    if (order.paidAt || (await tx.lockIncident(order.id))) return 'already_settled';
    const now = clock();
    const workflow = order.bundleId ? null : await tx.findWorkflowState(order.workflowId);
    const refundFor: AutoRefundKind | null = order.bundleId
      ? await bundleRefundFor(tx, order)
      : !order.buyerId
        ? 'buyer_deleted'
        : !workflow || workflow.deletedAt || workflow.status !== 'listed'
          ? 'workflow_unavailable'
          : (await alreadyHolds(tx.licences, order))
            ? 'already_owned'
            : null;
    if (!refundFor) {
      await fulfil(tx, order, providerRef);
      if (order.state === 'pending') return 'paid';
      await tx.insertIncident({
        orderId: order.id,
        kind: 'late_payment',
        outcome: 'fulfilled',
        orderStateBefore: order.state,
        createdAt: now,
        resolvedAt: now,
      });
      return 'paid_late';
    }
    await tx.recordPaymentToRefund(order.id, providerRef, now);
    await tx.insertIncident({
      orderId: order.id,
      kind: refundFor,
      outcome: 'refund_pending',
      orderStateBefore: order.state,
      createdAt: now,
    });
    await queue.enqueue(
      AUTO_REFUND_JOB,
      { orderId: order.id },
      {
        db: tx.queryable,
        dedupeKey: `auto-refund:${order.id}`,
        maxAttempts: AUTO_REFUND_ATTEMPTS,
      },
    );
    return 'refund_queued';
  }

  /**
   * Applies a verified provider report to its order: the order must exist and be the provider's and
   * the amount must match; a payment then follows applyPayment's rule, a failure closes only a
   * pending order. Every report is logged, whatever it says.
   */
  async function settle(
    provider: PaymentProvider,
    verified: Extract<VerifiedCallback, { valid: true }>,
    kind: 'ipn' | 'webhook' | 'query',
  ): Promise<Settlement> {
    const code = verified.orderCode;
    const result = await repository.transaction(async (tx) => {
      const order = code ? await tx.lockByCode(code) : null;
      let outcome: Settlement;
      if (verified.outcome === 'ignored' && (!order || order.provider === provider.id)) outcome = 'ignored';
      else if (!order || order.provider !== provider.id) outcome = 'not_found';
      else if (verified.amount !== order.amount) {
        outcome = 'amount_mismatch';
        if (verified.outcome === 'paid') await holdMismatchedPayment(tx, order, verified);
      } else if (verified.outcome === 'paid') outcome = await applyPayment(tx, order, verified.providerRef);
      else if (order.state !== 'pending') outcome = 'already_settled';
      else if (verified.outcome === 'failed' || verified.outcome === 'cancelled') {
        await tx.close(order.id, 'failed', clock());
        outcome = 'failed';
      } else outcome = 'ignored';
      await tx.insertEvent({
        orderId: order && order.provider === provider.id ? order.id : null,
        provider: provider.id,
        kind,
        signatureValid: true,
        outcome,
        payload: verified.payload,
        createdAt: clock(),
      });
      return outcome;
    });
    if (result === 'paid' || result === 'paid_late' || result === 'refund_queued') queue.poke();
    if (result === 'paid_late' || result === 'refund_queued') {
      log.warn(
        { provider: provider.id, code, result, kind },
        'a payment arrived for a closed or owned order',
      );
    }
    if (result === 'amount_mismatch') {
      queue.poke();
      log.error({ provider: provider.id, code, result, kind }, 'a payment report did not change its order');
    }
    return result;
  }

  /**
   * A signed report that the order was paid, for another amount than ours: a short or over bank
   * transfer (payOS), or for a card or VNPay payment, whose amount we sign, a provider fault or a
   * leaked secret. Nothing is granted. The money is held as an incident for an admin to send back (no
   * provider refunds another amount than the order's through its API), the order closes, and the
   * buyer and the admins are told, once per order. For an order that was already paid or holds a
   * payment already, only the admins are told.
   */
  async function holdMismatchedPayment(
    tx: OrderWrites,
    order: OrderRow,
    verified: Extract<VerifiedCallback, { valid: true }>,
  ) {
    if (await tx.hasEvent(order.id, 'amount_mismatch')) return;
    const adminMail = {
      to: deps.support.email,
      language: deps.support.language,
      code: order.code,
      title: order.workflowTitle,
      amount: order.amount,
      reported: verified.amount,
      provider: order.provider,
      providerRef: verified.providerRef,
      buyer: order.buyerEmail,
      adminUrl: `${publicUrl}/admin/payment-incidents`,
    };
    if (!order.paidAt && !(await tx.lockIncident(order.id))) {
      const now = clock();
      await tx.recordPaymentToRefund(order.id, verified.providerRef, now);
      const incident = {
        orderId: order.id,
        kind: 'amount_mismatch' as const,
        outcome: 'held' as const,
        orderStateBefore: order.state,
        receivedAmount: verified.amount,
        createdAt: now,
      };
      await tx.insertIncident(incident);
      if (verified.amount !== null) {
        await mailLater(
          tx,
          paymentHeldBuyerMail({
            ...incidentMail(order, {
              ...incident,
              refundAttempts: 0,
              lastError: null,
              refundRef: null,
              resolvedAt: null,
            }),
            to: order.buyerEmail,
            language: order.buyerLanguage,
          }),
        );
      }
    }
    await mailLater(tx, amountMismatchAdminMail(adminMail));
  }

  /**
   * A callback that failed verification is counted (with a trimmed sample), never stored whole; past
   * the limit per address its sender is told to wait (429) and nothing more is written for it.
   */
  async function logInvalid(
    provider: PaymentProviderId,
    kind: 'ipn' | 'return' | 'webhook',
    payload: Record<string, unknown>,
    address: string,
  ) {
    const decision = await deps.rate(`rejected-callback:${address}`, REJECTED_CALLBACKS_PER_ADDRESS);
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfter ?? 60);
    await deps.rejectedCallbacks.record({
      provider,
      kind,
      address,
      sample: trimmedSample(payload),
      at: clock(),
    });
  }

  /** A buyer's browser back from the provider: logged against its order for display, never settled. */
  async function showReturn(
    provider: PaymentProvider,
    verified: Extract<VerifiedCallback, { valid: true }>,
    orderCode: string,
  ): Promise<CallbackOutcome> {
    const result =
      verified.outcome === 'paid' ? 'success' : verified.outcome === 'cancelled' ? 'cancelled' : 'failed';
    const view = await repository.findView(orderCode);
    await repository.insertEvent({
      orderId: view && view.order.provider === provider.id ? view.order.id : null,
      provider: provider.id,
      kind: 'return',
      signatureValid: true,
      outcome: result,
      payload: verified.payload,
      createdAt: clock(),
    });
    return { status: 'returned', orderCode, result };
  }

  /** A status query's "paid", applied like a callback. */
  function settleQueried(provider: PaymentProvider, order: OrderRow, status: PaymentStatus) {
    return settle(
      provider,
      {
        valid: true,
        orderCode: order.code,
        amount: status.amount ?? null,
        outcome: 'paid',
        providerRef: status.providerRef ?? null,
        payload: status.payload,
      },
      'query',
    );
  }

  /**
   * Closes an unpaid checkout at its provider so it can no longer be paid. When the provider refuses
   * (Stripe will not expire a completed or expired session) it is asked what happened: a payment is
   * applied, an expiry is fine, anything else is the provider's error.
   */
  async function closeAtProvider(order: OrderRow) {
    const provider = providers.get(order.provider);
    if (!provider) return;
    try {
      await provider.cancel(order);
    } catch (error) {
      const status = await provider.queryStatus(order);
      if (status.status === 'paid') await settleQueried(provider, order, status);
      else if (status.status !== 'failed') throw error;
    }
  }

  async function expireOrder(order: OrderRow) {
    // Close the checkout at the provider first, so it cannot be paid after we expire it.
    await closeAtProvider(order);
    await repository.transaction(async (tx) => {
      const locked = await tx.lockById(order.id);
      if (locked?.state === 'pending') await tx.close(order.id, 'expired', clock());
    });
  }

  /** What every mail about an incident says: the order, and the amount the payment brought in. */
  function incidentMail(order: OrderRow, incident: PaymentIncidentRow) {
    return {
      code: order.code,
      title: order.workflowTitle,
      amount: incident.receivedAmount ?? order.amount,
      orderAmount: order.amount,
      kind: incident.kind as AutoRefundKind,
      reason: AUTO_REFUND_REASONS[incident.kind as AutoRefundKind],
      orderUrl: orderUrl(order.code),
    };
  }

  /**
   * What an admin's refund writes once the money is back with the buyer, whether the provider sent it
   * or the admin did by bank transfer: the paid order is refunded under `refundRef`, its entitlement
   * revoked, an open refund request approved, and `order.refunded` reverses the sale in the ledger and
   * tells both sides. The caller holds the order's lock and has checked that it is paid.
   */
  async function recordRefund(
    tx: OrderWrites,
    order: OrderRow,
    refund: {
      refundRef: string;
      reason: string;
      adminId: string;
      /** The admin's e-mail, for the audit trail (decision 0175). */
      adminEmail: string;
      byTransfer?: boolean;
      seller: Awaited<ReturnType<OrdersRepository['findUser']>>;
      now: Date;
    },
  ) {
    const { refundRef, reason, adminId, seller, now } = refund;
    await tx.markRefunded(order.id, refundRef, now);
    await recordAudit(tx.queryable, {
      actor: adminActor({ id: adminId, email: refund.adminEmail }),
      action: 'order.refund',
      subject: { type: 'order', id: order.code },
      before: { state: order.state, amount: order.amount },
      after: {
        state: 'refunded',
        amount: order.amount,
        provider: order.provider,
        refund_ref: refundRef,
        by_transfer: refund.byTransfer ?? false,
      },
      note: reason,
    });
    await tx.revokeEntitlement(order.id, now);
    // A refunded upgrade gives back the tier it replaced (the entitlement itself stays).
    if (order.upgradeFrom && order.buyerId) {
      await tx.licences.revertUpgrade(order.buyerId, order.workflowId, order.upgradeFrom, order.licence);
    }
    await tx.decideRefundRequest(order.id, 'approved', reason, adminId, now);
    await deps.events.emit(
      tx.queryable,
      'order.refunded',
      {
        order: orderFact(order),
        refundedAt: now.toISOString(),
        reason,
        seller: seller ? { email: seller.email, language: seller.locale } : null,
      },
      { id: `order.refunded:${order.id}` },
    );
  }

  /**
   * The buyer (in their language) and the admins hear how the refund of a payment that bought nothing
   * ended: done through the provider or by an admin's bank transfer, or failed for good.
   */
  async function tellAutoRefundOutcome(
    tx: OrderWrites,
    order: OrderRow,
    incident: PaymentIncidentRow,
    result: { outcome: 'refunded'; byTransfer: boolean } | { outcome: 'refund_failed'; error: string },
  ) {
    const mail = incidentMail(order, incident);
    const toBuyer = { ...mail, to: order.buyerEmail, language: order.buyerLanguage };
    await mailLater(
      tx,
      result.outcome === 'refunded'
        ? autoRefundedBuyerMail({ ...toBuyer, byTransfer: result.byTransfer })
        : autoRefundFailedBuyerMail(toBuyer),
    );
    await mailLater(
      tx,
      autoRefundAdminMail({
        ...mail,
        ...result,
        to: deps.support.email,
        language: deps.support.language,
        buyer: order.buyerEmail,
        adminUrl: `${publicUrl}/admin/payment-incidents`,
      }),
    );
  }

  /**
   * The automatic refund of a payment that bought nothing, run by the job queue outside any
   * transaction: the incident's state is checked first and written after, so a done refund is never
   * asked for again (and the providers refuse a second refund of one payment anyway). After the last
   * attempt the incident rests as refund_failed for an admin, and the buyer and the admins are told.
   */
  async function autoRefund(orderId: string, attempt: { attempts: number; maxAttempts: number }) {
    const incident = await repository.findIncident(orderId);
    const order = await repository.findById(orderId);
    if (!incident || !order || incident.outcome !== 'refund_pending') return;
    const provider = providers.get(order.provider);
    const reason = AUTO_REFUND_REASONS[incident.kind as AutoRefundKind];
    // A provider without a refund API (payOS) can never succeed here: the incident waits for an
    // admin's bank transfer at once instead of retrying for an hour.
    const manual = provider?.refunds === 'manual';
    let refundRef: string;
    try {
      if (!provider) throw new PaymentProviderError(`the provider ${order.provider} is not configured`);
      if (manual) {
        throw new PaymentProviderError(
          `${provider.id} has no refund API: refund the buyer by bank transfer, then mark it refunded`,
        );
      }
      ({ refundRef } = await provider.refund(order, reason, 'flowbay-automatic'));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = manual || attempt.attempts >= attempt.maxAttempts;
      await repository.transaction(async (tx) => {
        const locked = await tx.lockIncident(orderId);
        if (locked?.outcome !== 'refund_pending') return;
        const now = clock();
        await tx.recordRefundAttempt(orderId, message, last ? 'refund_failed' : 'refund_pending', now);
        await tx.insertEvent({
          orderId,
          provider: order.provider,
          kind: 'refund',
          signatureValid: true,
          outcome: last ? 'auto_refund_failed' : 'auto_refund_retry',
          payload: { error: message.slice(0, 500), attempt: attempt.attempts },
          createdAt: now,
        });
        if (last)
          await tellAutoRefundOutcome(tx, order, locked, { outcome: 'refund_failed', error: message });
      });
      log.error({ err: error, code: order.code, last }, 'an automatic refund failed');
      if (!last) throw error;
      queue.poke();
      return;
    }
    await repository.transaction(async (tx) => {
      const locked = await tx.lockIncident(orderId);
      const now = clock();
      await tx.insertEvent({
        orderId,
        provider: order.provider,
        kind: 'refund',
        signatureValid: true,
        outcome:
          locked?.outcome === 'refund_pending' ? 'auto_refunded' : `auto_refunded_while_${locked?.outcome}`,
        payload: { refund_ref: refundRef, reason },
        createdAt: now,
      });
      if (locked?.outcome !== 'refund_pending') return;
      await tx.recordAutoRefund(orderId, refundRef, now);
      await tellAutoRefundOutcome(tx, order, locked, { outcome: 'refunded', byTransfer: false });
    });
    queue.poke();
  }

  /** Every payment incident, newest first: late payments fulfilled, automatic refunds and their state. */
  async function adminIncidents(viewer: Viewer, query: AdminPaymentIncidentsQuery) {
    requireAdmin(viewer);
    const { rows, total } = await repository.listIncidents(query.page, ADMIN_ORDERS_PAGE_SIZE);
    return {
      incidents: rows.map(({ incident, order }) => ({
        order_code: order.code,
        kind: incident.kind,
        outcome: incident.outcome,
        order_state_before: incident.orderStateBefore,
        order_state: order.state,
        amount: order.amount,
        currency: 'VND' as const,
        provider: order.provider,
        provider_ref: order.providerRef,
        workflow: { id: order.workflowId, title: order.workflowTitle },
        buyer: { id: order.buyerId ?? '', name: order.buyerName, email: order.buyerEmail },
        refund_attempts: incident.refundAttempts,
        last_error: incident.lastError,
        refund_ref: incident.refundRef,
        received_amount: incident.receivedAmount,
        created_at: incident.createdAt.toISOString(),
        resolved_at: incident.resolvedAt?.toISOString() ?? null,
      })),
      total,
    };
  }

  const checkoutDeps = { repository, events: deps.events, closeAtProvider, viewOf, toSummary, log };
  const checkoutBundle = createBundleCheckout({ ...checkoutDeps, providers, clock, newOrderCode });

  return {
    /** Checkout of a bundle (bundle-orders.ts): what POST /api/orders does with a `bundle_id`. */
    checkoutBundle,

    providerList() {
      return {
        providers: providers.list.map((provider) => ({ id: provider.id, test_mode: provider.testMode })),
      };
    },

    /**
     * Places an order (or answers the buyer's open one for the same workflow and provider) and the
     * address where they pay. Checkouts of one buyer for one workflow run one at a time.
     */
    async checkout(viewer: Viewer, body: CreateOrderBody, clientIp: string) {
      const buyer = requireUser(viewer);
      const provider = providers.get(body.provider);
      if (!provider) throw new AppError('PROVIDER_UNAVAILABLE', 'This payment method is not available');
      const workflow = isUuid(body.workflow_id)
        ? await repository.findWorkflowForSale(body.workflow_id)
        : null;
      if (!workflow || workflow.deletedAt) throw notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');
      if (workflow.status !== 'listed' && !canSeeUnlisted(viewer, { userId: workflow.sellerId })) {
        throw notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');
      }
      if (workflow.sellerId === buyer.id)
        throw new AppError('OWN_WORKFLOW', 'You cannot buy your own workflow');
      if (workflow.price <= 0 || workflow.status !== 'listed') {
        throw new AppError('NOT_FOR_SALE', 'This workflow is not for sale');
      }
      const profile = await repository.findUser(buyer.id);
      if (!profile) throw new AppError('UNAUTHENTICATED', 'You need to sign in');
      return runCheckout(checkoutDeps, { provider, body, clientIp }, async (tx, step) => {
        await tx.lockCheckout(buyer.id, workflow.id);
        const now = clock();
        // The tier, an upgrade's difference and the code's discount (refuses a tier already held).
        const pricing = await priceOrder(tx.licences, {
          buyerId: buyer.id,
          workflow,
          licence: body.licence ?? 'personal',
          code: body.discount_code || undefined,
          now,
        });
        const pending = await tx.findPending(buyer.id, workflow.id);
        const answered = await step.reuseOrClose(pending, !!pending && samePricing(pending, pricing), now);
        if (answered) return answered;
        // One use of the code, taken atomically: concurrent checkouts never pass max_uses.
        if (pricing.code && !(await tx.licences.takeUse(pricing.code.id))) {
          throw new AppError('DISCOUNT_CODE_USED_UP', 'This discount code has no uses left');
        }
        const placed = await tx.insertOrder({
          code: newOrderCode(),
          buyerId: buyer.id,
          buyerEmail: profile.email,
          buyerName: profile.name || profile.email,
          buyerLanguage: profile.locale,
          workflowId: workflow.id,
          workflowTitle: workflow.title,
          sellerId: workflow.sellerId,
          sellerName: workflow.sellerName,
          ...orderPricing(pricing),
          provider: provider.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ORDER_TTL_MINUTES * MINUTE),
          updatedAt: now,
        });
        return step.openPayment(placed);
      });
    },

    /** The price of a tier with a code, before paying (nothing is taken: the code's use is taken at checkout). */
    async quote(viewer: Viewer, body: QuoteBody): Promise<Quote> {
      const buyer = requireUser(viewer);
      const workflow = isUuid(body.workflow_id)
        ? await repository.findWorkflowForSale(body.workflow_id)
        : null;
      if (!workflow || workflow.deletedAt || workflow.status !== 'listed') {
        throw notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');
      }
      if (workflow.sellerId === buyer.id)
        throw new AppError('OWN_WORKFLOW', 'You cannot buy your own workflow');
      if (workflow.price <= 0) throw new AppError('NOT_FOR_SALE', 'This workflow is not for sale');
      const pricing = await priceOrder(repository.licences, {
        buyerId: buyer.id,
        workflow,
        licence: body.licence,
        code: body.discount_code || undefined,
        now: clock(),
      });
      return toQuote(workflow, pricing);
    },

    async get(viewer: Viewer, code: string) {
      if (!isSignedIn(viewer)) throw orderNotFound();
      const view = await repository.findView(code);
      if (!view || (view.order.buyerId !== viewer.id && !isAdmin(viewer))) throw orderNotFound();
      const isBuyer = view.order.buyerId === viewer.id;
      // The QR to pay by, again after a reload: only the buyer's, and only while it can still be paid.
      const bankTransfer =
        isBuyer && view.order.state === 'pending'
          ? (providers.get(view.order.provider)?.bankTransfer?.(view.order) ?? null)
          : null;
      return {
        order: toSummary(view, isBuyer),
        ...(bankTransfer ? { bank_transfer: bankTransfer } : {}),
      };
    },

    async purchases(viewer: Viewer): Promise<{ purchases: Purchase[] }> {
      const buyer = requireUser(viewer);
      const rows = await repository.listPurchases(buyer.id);
      const licences = await repository.licences.heldLicences(buyer.id);
      return {
        purchases: rows.map(({ view, workflow }) => {
          const licence = licences.get(workflow.id) ?? view.order.licence;
          // A refunded purchase is listed, marked refunded, with nothing to download or upgrade.
          const forSale =
            view.order.state !== 'refunded' &&
            workflow.deletedAt === null &&
            workflow.status === 'listed' &&
            workflow.price > 0;
          return {
            order: toSummary(view, true),
            licence,
            upgrades: forSale ? upgradeOffers(workflow, licence) : [],
            // The workflow held (for a bundle order, each one it granted), not the order's own.
            workflow: {
              id: workflow.id,
              number: workflow.number,
              title: workflow.title,
              slug: workflow.slug,
              platform: workflow.platform,
              latest_version: workflow.latestVersion ?? '1.0',
              deleted: workflow.deletedAt !== null,
            },
          };
        }),
      };
    },

    async requestRefund(viewer: Viewer, code: string, reason: string) {
      const buyer = requireUser(viewer);
      await repository.transaction(async (tx) => {
        const order = await tx.lockByCode(code);
        if (!order || order.buyerId !== buyer.id) throw orderNotFound();
        if (order.state !== 'paid' || !order.paidAt) {
          throw new AppError('ORDER_NOT_REFUNDABLE', 'This order cannot be refunded');
        }
        if (await tx.findRefundRequest(order.id)) {
          throw new AppError('REFUND_ALREADY_REQUESTED', 'A refund was already requested');
        }
        const now = clock();
        if (now.getTime() > order.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY) {
          throw new AppError('REFUND_WINDOW_CLOSED', 'The refund window is closed');
        }
        await tx.insertRefundRequest(order.id, reason, now);
        const seller = order.sellerId ? await tx.findUser(order.sellerId) : null;
        if (seller) {
          await mailLater(
            tx,
            refundRequestedSellerMail({
              to: seller.email,
              language: seller.locale,
              code: order.code,
              title: order.workflowTitle,
              amount: order.amount,
              reason,
              orderUrl: orderUrl(order.code),
              answerUrl: `${publicUrl}${paths.sales()}#refund-requests`,
              answerBy: new Date(now.getTime() + ANSWER_WINDOW_MS),
            }),
          );
        }
        await mailLater(
          tx,
          refundRequestedMail({
            to: deps.support.email,
            language: deps.support.language,
            code: order.code,
            title: order.workflowTitle,
            amount: order.amount,
            reason,
            orderUrl: orderUrl(order.code),
            buyer: order.buyerEmail,
            adminUrl: `${publicUrl}/admin`,
          }),
        );
      });
      queue.poke();
      return { order: toSummary(await viewOf(code), true) };
    },

    async adminList(viewer: Viewer, query: AdminOrdersQuery) {
      requireAdmin(viewer);
      const { rows, total } = await repository.list(
        { q: query.q || undefined, state: query.state },
        query.page,
        ADMIN_ORDERS_PAGE_SIZE,
      );
      return { orders: rows.map(toAdminOrder), total };
    },

    async adminRefundQueue(viewer: Viewer) {
      requireAdmin(viewer);
      const views = await repository.listOpenRefundRequests();
      return { orders: await Promise.all(views.map(toAdminRefundRequest)) };
    },

    /** The open refund requests on the caller's listings, with their answer if they gave one. */
    async sellerRefundRequests(viewer: Viewer) {
      const seller = requireUser(viewer);
      return { requests: (await repository.listSellerRefundRequests(seller.id)).map(toSellerRefundRequest) };
    },

    /**
     * The seller's answer to a refund request on their listing: accept, or contest with a reason.
     * Only the order's seller (anyone else, the buyer included, gets 404), within 48 hours of the
     * request, once, and only while the request is open.
     */
    async answerRefundRequest(viewer: Viewer, id: string, body: { accept: boolean; reason?: string }) {
      const seller = requireUser(viewer);
      await repository.transaction(async (tx) => {
        const order = await tx.lockById(id);
        if (!order || !order.sellerId || order.sellerId !== seller.id) throw refundRequestNotFound();
        const request = await tx.findRefundRequest(order.id);
        if (!request) throw refundRequestNotFound();
        if (request.state !== 'open') {
          throw new AppError('NO_REFUND_REQUEST', 'This order has no open refund request');
        }
        if (request.sellerAnsweredAt) {
          throw new AppError('REFUND_ALREADY_ANSWERED', 'This refund request was already answered');
        }
        const now = clock();
        if (now.getTime() > request.createdAt.getTime() + ANSWER_WINDOW_MS) {
          throw new AppError('REFUND_ANSWER_WINDOW_CLOSED', 'The time to answer this refund request is over');
        }
        const accepted = body.accept;
        const written = await tx.answerRefundRequest(
          order.id,
          { accepted, reason: accepted ? body.reason?.trim() || null : body.reason!.trim() },
          now,
        );
        if (!written)
          throw new AppError('REFUND_ALREADY_ANSWERED', 'This refund request was already answered');
      });
      const view = await repository.findViewById(id);
      if (!view) throw refundRequestNotFound();
      return { request: toSellerRefundRequest(view) };
    },

    /**
     * Refunds through the provider, then marks the order refunded, revokes the entitlement and tells
     * both sides. The provider is called outside the transaction (a network call must not hold the
     * database; on PGlite a transaction holds its only connection); a second concurrent refund is
     * refused by the provider, and the state is checked again under the lock before writing.
     */
    async adminRefund(viewer: Viewer, code: string, reason: string) {
      const admin = requireAdmin(viewer);
      const before = await repository.findView(code);
      if (!before) throw orderNotFound();
      if (before.order.state !== 'paid') {
        throw new AppError('ORDER_NOT_REFUNDABLE', 'This order cannot be refunded');
      }
      const provider = providers.get(before.order.provider);
      if (!provider) throw new AppError('PROVIDER_UNAVAILABLE', 'This payment method is not available');
      const seller = before.order.sellerId ? await repository.findUser(before.order.sellerId) : null;
      let refundRef: string;
      try {
        ({ refundRef } = await provider.refund(before.order, reason, admin.email));
      } catch (error) {
        log.error({ err: error, code }, 'the provider refused a refund');
        throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider did not refund');
      }
      await repository.transaction(async (tx) => {
        const order = await tx.lockByCode(code);
        const now = clock();
        await tx.insertEvent({
          orderId: before.order.id,
          provider: provider.id,
          kind: 'refund',
          signatureValid: true,
          outcome: order?.state === 'paid' ? 'refunded' : `refunded_while_${order?.state ?? 'missing'}`,
          payload: { refund_ref: refundRef, reason, by: admin.id },
          createdAt: now,
        });
        if (!order || order.state !== 'paid') return;
        await recordRefund(tx, order, {
          refundRef,
          reason,
          adminId: admin.id,
          adminEmail: admin.email,
          seller,
          now,
        });
      });
      queue.poke();
      return { order: toAdminOrder(await viewOf(code)) };
    },

    /**
     * An admin records that they sent the money back by bank transfer, for an order whose provider
     * has no refund API (payOS). It writes what a provider refund writes after the provider's call:
     * a paid order is refunded (the entitlement revoked, `order.refunded` reverses the sale in the
     * ledger, both sides are told); a payment awaiting its automatic refund resolves its incident.
     * The transfer reference is kept as the refund's reference; a second call changes nothing.
     */
    async adminRefundedByTransfer(viewer: Viewer, code: string, body: RefundedByTransferBody) {
      const admin = requireAdmin(viewer);
      const before = await repository.findView(code);
      if (!before) throw orderNotFound();
      const provider = providers.get(before.order.provider);
      const reason = body.reason || `Refunded by bank transfer ${body.transfer_ref}`;
      const seller = before.order.sellerId ? await repository.findUser(before.order.sellerId) : null;
      await repository.transaction(async (tx) => {
        const order = await tx.lockByCode(code);
        if (!order) throw orderNotFound();
        if (order.state === 'refunded') return;
        const incident = await tx.lockIncident(order.id);
        // A held payment of another amount can only go back by hand, whatever the provider.
        if (provider?.refunds === 'api' && incident?.outcome !== 'held') {
          throw new AppError('REFUND_BY_API', 'This provider refunds through its API');
        }
        const awaiting =
          incident?.outcome === 'refund_pending' ||
          incident?.outcome === 'refund_failed' ||
          incident?.outcome === 'held';
        if (order.state !== 'paid' && !awaiting) {
          throw new AppError('ORDER_NOT_REFUNDABLE', 'This order cannot be refunded');
        }
        const now = clock();
        await tx.insertEvent({
          orderId: order.id,
          provider: order.provider,
          kind: 'refund',
          signatureValid: true,
          outcome: 'refunded_by_transfer',
          payload: { refund_ref: body.transfer_ref, reason, by: admin.id },
          createdAt: now,
        });
        if (awaiting && incident) {
          await tx.recordAutoRefund(order.id, body.transfer_ref, now);
          // A paid order's refund is recorded once, by recordRefund below.
          if (order.state !== 'paid')
            await recordAudit(tx.queryable, {
              actor: adminActor(admin),
              action: 'order.refund',
              subject: { type: 'order', id: order.code },
              before: { state: order.state, incident: incident.outcome, amount: order.amount },
              after: { incident: 'refunded', refund_ref: body.transfer_ref, by_transfer: true },
              note: reason,
            });
          await tellAutoRefundOutcome(tx, order, incident, { outcome: 'refunded', byTransfer: true });
        }
        if (order.state !== 'paid') return;
        await recordRefund(tx, order, {
          refundRef: body.transfer_ref,
          reason,
          adminId: admin.id,
          adminEmail: admin.email,
          byTransfer: true,
          seller,
          now,
        });
      });
      queue.poke();
      return { order: toAdminOrder(await viewOf(code)) };
    },

    async adminDecline(viewer: Viewer, code: string, reason: string) {
      const admin = requireAdmin(viewer);
      await repository.transaction(async (tx) => {
        const order = await tx.lockByCode(code);
        if (!order) throw orderNotFound();
        const request = await tx.findRefundRequest(order.id);
        if (!request || request.state !== 'open') {
          throw new AppError('NO_REFUND_REQUEST', 'This order has no open refund request');
        }
        await tx.decideRefundRequest(order.id, 'declined', reason, admin.id, clock());
        await mailLater(
          tx,
          refundDeclinedMail({
            to: order.buyerEmail,
            language: order.buyerLanguage,
            code: order.code,
            title: order.workflowTitle,
            amount: order.amount,
            reason,
            orderUrl: orderUrl(order.code),
          }),
        );
      });
      queue.poke();
      return { order: toAdminOrder(await viewOf(code)) };
    },

    /**
     * Every provider callback goes through here: verification first (a rejected one is counted, never
     * settled), then a provider's report is settled (idempotent: a replay changes nothing) and a
     * buyer's return is logged for display. The route makes its provider's answer from the outcome.
     */
    async receiveCallback(
      route: CallbackRoute,
      input: CallbackInput,
      address: string,
    ): Promise<CallbackOutcome> {
      const provider = providers.forCallback(route);
      if (!provider) return { status: 'unavailable' };
      const verified = await provider.verifyCallback(input);
      if (!verified.valid || (route.kind === 'return' && !verified.orderCode)) {
        await logInvalid(provider.id, route.kind, callbackSample(input), address);
        return { status: 'rejected' };
      }
      if (route.kind === 'return') return showReturn(provider, verified, verified.orderCode!);
      try {
        return { status: 'settled', settlement: await settle(provider, verified, route.kind) };
      } catch (error) {
        if (route.failures !== 'reply') throw error;
        log.error({ err: error, provider: provider.id, kind: route.kind }, 'a callback could not be handled');
        return { status: 'failed' };
      }
    },

    /** Forgets the counts of rejected callbacks older than the retention. */
    pruneRejectedCallbacks(): Promise<number> {
      return deps.rejectedCallbacks.pruneBefore(new Date(clock().getTime() - REJECTED_CALLBACK_RETENTION_MS));
    },

    /**
     * Queues a reconciliation for every pending order whose time is up, and for every closed, unpaid
     * order its provider may still have taken money for (each once per check).
     */
    async sweepStaleOrders(): Promise<number> {
      const now = clock();
      const stale = [
        ...(await repository.findStalePending(now)),
        ...(await repository.findClosedToRecheck(now, PROVIDER_PAYMENT_WINDOW_MS, RECHECK_LOOKBACK_MS)),
      ];
      for (const order of stale) {
        await queue.enqueue(
          RECONCILE_JOB,
          { orderId: order.id },
          { dedupeKey: `reconcile:${order.id}`, maxAttempts: 10 },
        );
      }
      return stale.length;
    },

    /**
     * Asks the provider about a stale pending order or a closed unpaid one: a payment it took is
     * applied (fulfilled or refunded, per applyPayment); a pending order whose time is up expires.
     */
    async reconcile(orderId: string) {
      const order = await repository.findById(orderId);
      if (!order || order.paidAt) return;
      const closed = order.state === 'expired' || order.state === 'failed';
      if (order.state !== 'pending' && !closed) return;
      const provider = providers.get(order.provider);
      if (!provider) {
        if (!closed) await expireOrder(order);
        return;
      }
      const status = await provider.queryStatus(order);
      if (status.status === 'paid') {
        const result = await settleQueried(provider, order, status);
        if (result !== 'amount_mismatch') return;
      } else {
        await repository.transaction((tx) =>
          tx.insertEvent({
            orderId: order.id,
            provider: provider.id,
            kind: 'query',
            signatureValid: true,
            outcome: status.status,
            payload: status.payload,
            createdAt: clock(),
          }),
        );
      }
      if (!closed && order.expiresAt.getTime() <= clock().getTime()) await expireOrder(order);
      if (closed || order.expiresAt.getTime() <= clock().getTime()) {
        await repository.markProviderChecked(order.id, clock());
      }
    },

    autoRefund,

    adminIncidents,

    /** An admin tries a failed automatic refund again (after fixing what the provider refused). */
    async adminRetryRefund(viewer: Viewer, code: string) {
      requireAdmin(viewer);
      const order = await repository.findView(code);
      if (!order) throw orderNotFound();
      await repository.transaction(async (tx) => {
        const incident = await tx.lockIncident(order.order.id);
        if (incident?.outcome !== 'refund_failed') {
          throw new AppError('NO_FAILED_REFUND', 'This order has no failed automatic refund');
        }
        await tx.setIncidentOutcome(order.order.id, 'refund_pending');
        await queue.enqueue(
          AUTO_REFUND_JOB,
          { orderId: order.order.id },
          { db: tx.queryable, dedupeKey: `auto-refund:${order.order.id}`, maxAttempts: AUTO_REFUND_ATTEMPTS },
        );
      });
      queue.poke();
      return adminIncidents(viewer, { page: 0 });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
