import type { SealingKeys } from '../../infra/sealed-text.ts';
import {
  VIETQR_BANKS,
  bankByCode,
  isWithheld,
  splitSaleWithTax,
  type AdminPayout,
  type AdminRevenue,
  type Balances,
  type Payout,
  type PayoutAccount,
  type PayoutAccountInput,
  type PayoutStateValue,
  type RevenuePoint,
  type SalesDashboard,
} from '@flowbay/domain';
import { queueMail } from '../../infra/jobs/mail.ts';
import { payoutDescription, type PayoutChannel } from '../../infra/payments/payos-payouts.ts';
import {
  maskedAccountNumber,
  openAccountNumber,
  sealAccountNumber,
} from '../../infra/sealed-account-number.ts';
import type { Events } from '../../infra/events/events.ts';
import type { Clock, JobQueue, QueueLog } from '../../infra/jobs/queue.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';
import type { MailMessage } from '../../infra/mailer/index.ts';
import type { Viewer } from '../../infra/request-viewer.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireAdmin, requireUser } from '../../lib/guards.ts';
import { adminActor, PAYOS_ACTOR, recordAudit, type AuditEntry } from '../audit/index.ts';
import { toCsv } from '../../lib/csv.ts';
import { payoutAccountChangedMail } from './sales.mail.ts';
import {
  ledgerWrites,
  type BalanceSums,
  type PayoutAccountRow,
  type PayoutRow,
  type PayoutWrites,
  type SalesRepository,
} from './sales.repository.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const VN_OFFSET = 7 * HOUR;

export interface SalesSettings {
  /** PLATFORM_FEE_PERCENT */
  feePercent: number;
  /** TAX_VAT_PERCENT and TAX_PIT_PERCENT: withheld from individuals' and households' sales. */
  vatPercent: number;
  pitPercent: number;
  /** PAYOUT_MINIMUM */
  payoutMinimum: number;
  /** SALE_HOLD_DAYS: how long a sale stays pending (the refund window). */
  saleHoldDays: number;
  /** PAYOUT_ACCOUNT_HOLD_HOURS */
  accountHoldHours: number;
}

export interface SalesServiceDeps {
  repository: SalesRepository;
  queue: JobQueue;
  /** Decided payouts are stated as events (the seller's e-mail listens). */
  events: Pick<Events, 'emit'>;
  clock: Clock;
  publicUrl: string;
  settings: SalesSettings;
  /** Whether the seller declared their tax profile: payouts wait for it (decision 0150). */
  hasTaxProfile: (sellerId: string) => Promise<boolean>;
  /** The sealing keys bank account numbers are sealed under (ENCRYPTION_KEY, decisions 0153, 0154). */
  keys: SealingKeys;
  /** payOS's payout channel, when PAYOS_PAYOUT_* are set; else payouts are paid from the CSV batch. */
  payouts?: PayoutChannel;
  log: Pick<QueueLog, 'info' | 'warn'>;
  /** Writes the audit trail's `sensitive.view` rows of an admin's read of full account numbers (decision 0175). */
  recordViews: (entries: AuditEntry[]) => Promise<void>;
}

/** Asks payOS about every payout being sent through it (queued by the sweep and after a send). */
export const CHECK_PAYOS_PAYOUTS_JOB = 'sales.check-payos-payouts';

/** What the orders module needs to know about a paid or refunded order. */
export interface SaleOrder {
  id: string;
  sellerId: string | null;
  workflowId: string;
  amount: number;
}

const payoutNotFound = () => notFound('PAYOUT_NOT_FOUND', 'Payout not found');

/** `YYYY-MM-DD` / `YYYY-MM` of an instant in Vietnam (UTC+7 all year). */
const vnDay = (time: number) => new Date(time + VN_OFFSET).toISOString().slice(0, 10);
const vnMonth = (time: number) => vnDay(time).slice(0, 7);

function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => vnDay(now.getTime() - (count - 1 - index) * DAY));
}

function lastMonths(now: Date, count: number): string[] {
  const [year, month] = vnMonth(now.getTime()).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/** Midnight in Vietnam at the start of a `YYYY-MM-DD` or `YYYY-MM` period. */
const periodStart = (period: string) =>
  new Date(Date.parse(`${period.length === 7 ? `${period}-01` : period}T00:00:00Z`) - VN_OFFSET);

function fillSeries(periods: string[], rows: RevenuePoint[]): RevenuePoint[] {
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  return periods.map((period) => byPeriod.get(period) ?? { period, sales: 0, gross: 0, earnings: 0 });
}

type SaleListRow = Awaited<ReturnType<SalesRepository['listSales']>>[number];

/** The seller's sales split into fee, VAT, PIT and net: the latest 50, and per month of `months`. */
function breakdowns(rows: SaleListRow[], months: string[]) {
  const split = ({ sale }: SaleListRow) => ({
    gross: sale.price,
    fee: sale.fee,
    vat: sale.vat,
    pit: sale.pit,
    net: sale.sellerShare - sale.vat - sale.pit,
  });
  const perMonth = new Map(
    months.map((period) => [period, { period, gross: 0, fee: 0, vat: 0, pit: 0, net: 0 }]),
  );
  for (const row of rows) {
    const month = perMonth.get(vnMonth(row.sale.paidAt.getTime()));
    if (!month || row.refundedAt) continue;
    const parts = split(row);
    for (const key of ['gross', 'fee', 'vat', 'pit', 'net'] as const) month[key] += parts[key];
  }
  return {
    tax_months: [...perMonth.values()],
    recent_sales: rows.slice(0, 50).map((row) => ({
      order_code: row.code,
      workflow_title: row.title,
      paid_at: row.sale.paidAt.toISOString(),
      ...split(row),
      refunded: row.refundedAt !== null,
    })),
  };
}

export function toBalances(sums: BalanceSums): Balances {
  return {
    pending: sums.pending,
    available: sums.available,
    in_payment: sums.inPayment,
    paid_out: sums.paidOut,
  };
}

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    requested_amount: row.requestedAmount,
    state: row.state,
    bank_code: row.bankCode,
    bank_short_name: bankByCode(row.bankCode)?.short_name ?? row.bankCode,
    account_number: maskedAccountNumber(row),
    holder_name: row.holderName,
    transfer_ref: row.transferRef,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

function toAccount(row: PayoutAccountRow): PayoutAccount {
  return {
    bank_code: row.bankCode,
    bank_short_name: bankByCode(row.bankCode)?.short_name ?? row.bankCode,
    account_number: maskedAccountNumber(row),
    holder_name: row.holderName,
    updated_at: row.updatedAt.toISOString(),
    payouts_blocked_until: row.payoutsBlockedUntil.toISOString(),
  };
}

export function createSalesService(deps: SalesServiceDeps) {
  const { repository, queue, clock, publicUrl, settings, keys } = deps;
  const feeBasisPoints = Math.round(settings.feePercent * 100);
  const vatBasisPoints = Math.round(settings.vatPercent * 100);
  const pitBasisPoints = Math.round(settings.pitPercent * 100);
  const salesUrl = `${publicUrl}/me/sales`;

  function mailLater(db: Queryable, message: MailMessage) {
    return queueMail(queue, message, { db });
  }

  function toAdminPayout(row: { payout: PayoutRow; sellerName: string; sellerEmail: string }): AdminPayout {
    return {
      ...toPayout(row.payout),
      bank_bin: row.payout.bankBin,
      seller: { id: row.payout.sellerId, name: row.sellerName, email: row.sellerEmail },
      payos_ref: row.payout.payosRef,
      sent_at: row.payout.sentAt?.toISOString() ?? null,
    };
  }

  type Decision = { state: 'paid'; transferRef: string } | { state: 'failed'; reason: string };
  const NOTHING_LEFT = 'Every sale in this payout was refunded before it was approved';

  /**
   * Marks a payout paid or failed under its row lock and tells the seller: an admin's mark (a
   * requested payout) or payOS's result (a payout being sent). The ledger and the e-mails are the
   * same either way. payOS's result for a payout already decided changes nothing (`false`).
   */
  async function decide(
    by: { admin: string; email: string } | 'payos',
    id: string,
    decision: Decision,
  ): Promise<boolean> {
    const before = await repository.findAdminPayout(id);
    if (!before) throw payoutNotFound();
    // Read outside the transaction: PGlite has one connection, which the transaction holds.
    const seller = await repository.findUser(before.payout.sellerId);
    const decided = await repository.transaction(async (tx: PayoutWrites) => {
      const locked = await tx.lockPayout(id);
      if (!locked) throw payoutNotFound();
      let payout = locked;
      if (by === 'payos') {
        if (payout.state !== 'sending') return false;
      } else if (payout.state === 'sending') {
        throw new AppError('PAYOUT_SENDING', 'This payout is being sent through payOS');
      } else if (payout.state !== 'requested') {
        throw new AppError('PAYOUT_ALREADY_DECIDED', 'This payout was already decided');
      }
      const now = clock();
      if (by !== 'payos' && decision.state === 'paid') {
        // A sale refunded since the request is taken out of it first; with nothing left, it fails.
        const adjusted = await tx.adjustToBalance(payout, now);
        payout = adjusted.payout;
        if (adjusted.nothingLeft) decision = { state: 'failed', reason: NOTHING_LEFT };
      }
      await tx.decidePayout(id, decision, by === 'payos' ? null : by.admin, now);
      await recordAudit(tx.queryable, {
        actor: by === 'payos' ? PAYOS_ACTOR : adminActor({ id: by.admin, email: by.email }),
        action: decision.state === 'paid' ? 'payout.paid' : 'payout.failed',
        subject: { type: 'payout', id },
        before: { state: locked.state, amount: locked.amount, seller_id: locked.sellerId },
        after: {
          state: decision.state,
          amount: payout.amount,
          bank_code: payout.bankCode,
          account: maskedAccountNumber(payout),
          ...(decision.state === 'paid' ? { transfer_ref: decision.transferRef } : {}),
        },
        note: decision.state === 'failed' ? decision.reason : null,
      });
      const fact = {
        payoutId: id,
        seller: seller ? { email: seller.email, language: seller.locale } : null,
        amount: payout.amount,
        bankCode: payout.bankCode,
        // The e-mails show the last four digits; the whole number never leaves the seal here.
        accountNumber: maskedAccountNumber(payout),
      };
      if (decision.state === 'paid')
        await deps.events.emit(tx.queryable, 'payout.paid', { ...fact, transferRef: decision.transferRef });
      else await deps.events.emit(tx.queryable, 'payout.failed', { ...fact, reason: decision.reason });
      return true;
    });
    queue.poke();
    return decided;
  }

  async function decideAsAdmin(viewer: Viewer, id: string, decision: Decision) {
    const admin = requireAdmin(viewer);
    await decide({ admin: admin.id, email: admin.email }, id, decision);
    const row = await repository.findAdminPayout(id);
    return { payout: toAdminPayout(row!) };
  }

  const transferOf = (payout: PayoutRow) => ({
    id: payout.id,
    amount: payout.amount,
    bankBin: payout.bankBin,
    accountNumber: openAccountNumber(payout, keys),
  });

  /**
   * Hands a payout being sent to payOS (again, if its answer was lost: the idempotency key makes it the
   * same payOS payout). A refusal fails it at once, the money back in the balance; an unknown answer
   * leaves it sending, for the next check.
   */
  async function handOver(channel: PayoutChannel, payout: PayoutRow): Promise<string | null> {
    const result = await channel.send(transferOf(payout));
    if (!result.accepted) {
      deps.log.warn({ payout: payout.id, reason: result.reason }, 'payOS refused a payout');
      await decide('payos', payout.id, { state: 'failed', reason: result.reason });
      return null;
    }
    await repository.setPayosRef(payout.id, result.payosId);
    return result.payosId;
  }

  /** One payout being sent: sent if payOS has not taken it yet, then decided if payOS has a result. */
  async function checkPayout(channel: PayoutChannel, payout: PayoutRow) {
    const payosId = payout.payosRef ?? (await handOver(channel, payout));
    if (!payosId) return;
    const outcome = await channel.outcome(payosId);
    if (outcome.state === 'paid') {
      await decide('payos', payout.id, { state: 'paid', transferRef: outcome.reference });
    } else if (outcome.state === 'failed') {
      await decide('payos', payout.id, { state: 'failed', reason: outcome.reason });
    }
  }

  function requireChannel(): PayoutChannel {
    if (!deps.payouts) {
      throw new AppError('PAYOS_PAYOUTS_NOT_CONFIGURED', 'Payouts through payOS are not configured');
    }
    return deps.payouts;
  }

  return {
    /** Seals the bank account numbers still stored in clear (rows from before decision 0154). */
    sealClearAccountNumbers: () => repository.sealClearAccountNumbers(keys),

    /** The ledger's part of `order.paid`, in the transaction that marks the order paid (sales.listeners.ts). */
    async orderPaid(db: Queryable, order: SaleOrder, paidAt: Date) {
      if (!order.sellerId) return;
      const ledger = ledgerWrites(db);
      const taxKind = await ledger.taxKindOf(order.sellerId);
      const rates = {
        feeBasisPoints,
        vatBasisPoints: isWithheld(taxKind) ? vatBasisPoints : 0,
        pitBasisPoints: isWithheld(taxKind) ? pitBasisPoints : 0,
      };
      const { fee, sellerShare, vat, pit } = splitSaleWithTax(order.amount, rates);
      await ledger.recordSale({
        orderId: order.id,
        sellerId: order.sellerId,
        workflowId: order.workflowId,
        price: order.amount,
        ...rates,
        fee,
        sellerShare,
        taxKind,
        vat,
        pit,
        paidAt,
        availableAt: new Date(paidAt.getTime() + settings.saleHoldDays * DAY),
      });
    },

    /**
     * What a paid order's sale brought its seller (the seller's sale notification): the price and the
     * net after the platform fee and the tax withheld; null when no sale was booked for the order.
     */
    async saleOf(orderId: string): Promise<{ price: number; net: number } | null> {
      const sale = await repository.findSale(orderId);
      return sale && { price: sale.price, net: sale.sellerShare - sale.vat - sale.pit };
    },

    /** The ledger's part of `order.refunded`, in the transaction that marks the order refunded. */
    async orderRefunded(db: Queryable, order: SaleOrder, refundedAt: Date) {
      await ledgerWrites(db).recordRefund(order.id, refundedAt);
    },

    banks() {
      return { banks: [...VIETQR_BANKS] };
    },

    async dashboard(viewer: Viewer): Promise<SalesDashboard> {
      const seller = requireUser(viewer);
      const now = clock();
      const days = lastDays(now, 30);
      const months = lastMonths(now, 12);
      const [sums, account, payoutRows, daily, monthly, workflows, taxDeclared, saleRows, breakdown] =
        await Promise.all([
          repository.balances(seller.id, now),
          repository.findAccount(seller.id),
          repository.listPayouts(seller.id),
          repository.revenue(seller.id, periodStart(days[0]!), 'day'),
          repository.revenue(seller.id, periodStart(months[0]!), 'month'),
          repository.workflowSales(seller.id),
          deps.hasTaxProfile(seller.id),
          repository.listSales(seller.id),
          repository.salesBreakdowns(seller.id),
        ]);
      const balances = toBalances(sums);
      const blocker: SalesDashboard['payout_blocker'] = !account
        ? 'no_account'
        : !taxDeclared
          ? 'no_tax_profile'
          : account.payoutsBlockedUntil > now
            ? 'account_on_hold'
            : balances.in_payment > 0
              ? 'payout_in_progress'
              : balances.available < settings.payoutMinimum
                ? 'below_minimum'
                : null;
      return {
        balances,
        fee_percent: settings.feePercent,
        payout_minimum: settings.payoutMinimum,
        payout_blocker: blocker,
        account: account ? toAccount(account) : null,
        daily: fillSeries(days, daily),
        monthly: fillSeries(months, monthly),
        workflows,
        by_licence: breakdown.byLicence.map((row) => ({
          workflow_id: row.workflowId,
          licence: row.licence,
          sales: row.sales,
          gross: row.gross,
        })),
        by_discount: breakdown.byDiscount.map((row) => ({
          workflow_id: row.workflowId,
          code: row.code,
          sales: row.sales,
          gross: row.gross,
          discount: row.discount,
        })),
        payouts: payoutRows.map(toPayout),
        ...breakdowns(saleRows, months),
      };
    },

    async salesCsv(viewer: Viewer): Promise<string> {
      const seller = requireUser(viewer);
      const rows = await repository.listSales(seller.id);
      return toCsv(
        [
          'order_code',
          'paid_at',
          'workflow',
          'price_vnd',
          'fee_percent',
          'fee_vnd',
          'seller_share_vnd',
          'vat_withheld_vnd',
          'pit_withheld_vnd',
          'net_vnd',
          'available_at',
          'refunded_at',
        ],
        rows.map(({ sale, code, title, refundedAt }) => [
          code,
          sale.paidAt.toISOString(),
          title,
          sale.price,
          sale.feeBasisPoints / 100,
          sale.fee,
          sale.sellerShare,
          sale.vat,
          sale.pit,
          sale.sellerShare - sale.vat - sale.pit,
          sale.availableAt.toISOString(),
          refundedAt?.toISOString() ?? '',
        ]),
      );
    },

    async account(viewer: Viewer) {
      const seller = requireUser(viewer);
      const row = await repository.findAccount(seller.id);
      return { account: row ? toAccount(row) : null };
    },

    /**
     * Sets the payout bank account. A change (or a first account) is e-mailed and pauses payouts
     * for PAYOUT_ACCOUNT_HOLD_HOURS, so whoever takes over a session cannot cash out at once.
     */
    async setAccount(viewer: Viewer, input: PayoutAccountInput) {
      const seller = requireUser(viewer);
      const profile = await repository.findUser(seller.id);
      if (!profile) throw new AppError('UNAUTHENTICATED', 'You need to sign in');
      await repository.transaction(async (tx) => {
        await tx.lockSeller(seller.id);
        const current = await tx.findAccount(seller.id);
        if (
          current &&
          current.bankCode === input.bank_code &&
          openAccountNumber(current, keys) === input.account_number &&
          current.holderName === input.holder_name
        ) {
          return;
        }
        const now = clock();
        const blockedUntil = new Date(now.getTime() + settings.accountHoldHours * HOUR);
        await tx.upsertAccount({
          sellerId: seller.id,
          bankCode: input.bank_code,
          ...sealAccountNumber(input.account_number, keys),
          holderName: input.holder_name,
          updatedAt: now,
          payoutsBlockedUntil: blockedUntil,
        });
        await mailLater(
          tx.queryable,
          payoutAccountChangedMail({
            to: profile.email,
            language: profile.locale,
            salesUrl,
            bank: bankByCode(input.bank_code)!.short_name,
            accountNumber: input.account_number,
            holderName: input.holder_name,
            blockedUntil,
          }),
        );
      });
      queue.poke();
      return this.account(viewer);
    },

    /**
     * Pays out the whole available balance. Requests of one seller run one at a time (an advisory
     * lock, and at most one requested payout per seller in the schema), so two at once cannot both
     * draw the same money.
     */
    async requestPayout(viewer: Viewer) {
      const seller = requireUser(viewer);
      // Read before the transaction (PGlite has one connection); a tax profile is never removed.
      const taxDeclared = await deps.hasTaxProfile(seller.id);
      const payout = await repository.transaction(async (tx) => {
        await tx.lockSeller(seller.id);
        const account = await tx.findAccount(seller.id);
        if (!account) {
          throw new AppError('PAYOUT_ACCOUNT_REQUIRED', 'Add a bank account first');
        }
        if (!taxDeclared) {
          throw new AppError('TAX_PROFILE_REQUIRED', 'Declare your tax profile first');
        }
        const now = clock();
        if (account.payoutsBlockedUntil > now) {
          throw new AppError('PAYOUT_ACCOUNT_ON_HOLD', 'The bank account changed recently', undefined, {
            until: account.payoutsBlockedUntil.toISOString(),
          });
        }
        if (await tx.hasRequestedPayout(seller.id)) {
          throw new AppError('PAYOUT_IN_PROGRESS', 'A payout is already in progress');
        }
        const { available } = await tx.balances(seller.id, now);
        if (available < settings.payoutMinimum) {
          throw new AppError(
            'PAYOUT_BELOW_MINIMUM',
            'The available balance is below the minimum',
            undefined,
            {
              available,
              minimum: settings.payoutMinimum,
            },
          );
        }
        return tx.insertPayout({
          sellerId: seller.id,
          amount: available,
          bankCode: account.bankCode,
          bankBin: bankByCode(account.bankCode)?.bin ?? '',
          ...sealAccountNumber(openAccountNumber(account, keys), keys),
          holderName: account.holderName,
          createdAt: now,
        });
      });
      return { payout: toPayout(payout) };
    },

    async adminPayouts(viewer: Viewer, state: PayoutStateValue | undefined) {
      requireAdmin(viewer);
      const rows = await repository.listAdminPayouts(state);
      return { payouts: rows.map(toAdminPayout), payos_payouts: deps.payouts !== undefined };
    },

    /**
     * Sends the approved requested payouts through payOS, one payOS payout each (the idempotency key
     * is the payout's ID). Each is claimed as `sending` before payOS is called, so a second send, even
     * at the same moment, skips it; payouts not requested are answered as they are.
     */
    async sendPayouts(viewer: Viewer, ids: string[]) {
      const admin = requireAdmin(viewer);
      const channel = requireChannel();
      const unique = [...new Set(ids)];
      for (const id of unique) if (!(await repository.findPayout(id))) throw payoutNotFound();
      for (const id of unique) {
        const claimed = await repository.transaction(async (tx) => {
          const locked = await tx.lockPayout(id);
          if (!locked) return null;
          // payOS is sent what is left after a sale refunded since the request; nothing left, not sent.
          const adjusted = await tx.adjustToBalance(locked, clock());
          if (adjusted.nothingLeft) return null;
          return tx.markSending(id, admin.id, clock());
        });
        if (!claimed) continue;
        try {
          await handOver(channel, claimed);
        } catch (error) {
          // The answer is unknown: the payout stays sending and the check sends it again.
          const message = error instanceof Error ? error.message : String(error);
          deps.log.warn({ payout: id, err: message }, 'sending a payout to payOS failed; it will be retried');
        }
      }
      await queue.enqueue(
        CHECK_PAYOS_PAYOUTS_JOB,
        {},
        { runAt: new Date(clock().getTime() + MINUTE), dedupeKey: CHECK_PAYOS_PAYOUTS_JOB },
      );
      const rows = await Promise.all(unique.map((id) => repository.findAdminPayout(id)));
      return {
        payouts: rows.filter((row) => row !== null).map(toAdminPayout),
        payos_payouts: true,
      };
    },

    /** Queues a check of the payouts being sent through payOS (the sweep, every minute). */
    async sweepSendingPayouts() {
      if (!deps.payouts) return;
      await queue.enqueue(
        CHECK_PAYOS_PAYOUTS_JOB,
        {},
        { dedupeKey: CHECK_PAYOS_PAYOUTS_JOB, maxAttempts: 3 },
      );
    },

    /**
     * Asks payOS about every payout being sent and moves those with a result, exactly as an admin's
     * mark would. One payout's failure does not hold up the others; the job fails after all of them.
     */
    async checkSendingPayouts() {
      if (!deps.payouts) return;
      const failures: string[] = [];
      for (const payout of await repository.listSending()) {
        try {
          await checkPayout(deps.payouts, payout);
        } catch (error) {
          failures.push(`${payout.id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (failures.length > 0) throw new Error(`payOS payout checks failed: ${failures.join('; ')}`);
    },

    /** The requested payouts as one bank batch (one transfer per line). */
    async adminPayoutsCsv(viewer: Viewer): Promise<string> {
      const admin = requireAdmin(viewer);
      const rows = await repository.listAdminPayouts('requested');
      await deps.recordViews(
        rows.map(({ payout }) => ({
          actor: adminActor(admin),
          action: 'sensitive.view',
          subject: { type: 'user', id: payout.sellerId },
          after: { field: 'account_number', via: 'payouts.csv', payout_id: payout.id },
        })),
      );
      return toCsv(
        [
          'payout_id',
          'bank_bin',
          'bank_code',
          'bank',
          'account_number',
          'account_holder',
          'amount_vnd',
          'description',
          'seller_email',
          'requested_at',
        ],
        rows.map(({ payout, sellerEmail }) => [
          payout.id,
          payout.bankBin,
          payout.bankCode,
          bankByCode(payout.bankCode)?.short_name ?? payout.bankCode,
          // The bank needs the whole number: the one answer that opens the seal for an admin.
          openAccountNumber(payout, keys),
          payout.holderName,
          payout.amount,
          payoutDescription(payout.id),
          sellerEmail,
          payout.createdAt.toISOString(),
        ]),
      );
    },

    markPaid: (viewer: Viewer, id: string, transferRef: string) =>
      decideAsAdmin(viewer, id, { state: 'paid', transferRef }),

    markFailed: (viewer: Viewer, id: string, reason: string) =>
      decideAsAdmin(viewer, id, { state: 'failed', reason }),

    async adminRevenue(viewer: Viewer): Promise<AdminRevenue> {
      requireAdmin(viewer);
      const months = lastMonths(clock(), 12);
      const since = periodStart(months[0]!);
      const [fees, refunds, pending] = await Promise.all([
        repository.monthlyFees(since),
        repository.monthlyRefunds(since),
        repository.pendingPayouts(),
      ]);
      return {
        fee_percent: settings.feePercent,
        months: months.map((month) => {
          const sold = fees.find((row) => row.month === month);
          const refunded = refunds.find((row) => row.month === month);
          return {
            month,
            sales: sold?.sales ?? 0,
            gross: sold?.gross ?? 0,
            fees: sold?.fees ?? 0,
            refunds: refunded?.refunds ?? 0,
            refunded_amount: refunded?.amount ?? 0,
          };
        }),
        pending_payouts: pending,
      };
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
