import { bankByCode } from '@flowbay/domain';
import type { PayoutFact } from '../../infra/events/domain-events.ts';
import type { Events } from '../../infra/events/events.ts';
import { queueMail } from '../../infra/jobs/mail.ts';
import type { JobQueue } from '../../infra/jobs/queue.ts';
import { payoutFailedMail, payoutPaidMail } from './sales.mail.ts';
import type { SalesService } from './sales.service.ts';

/**
 * The sellers' ledger follows orders in their own transaction (a paid order without its sale row, or
 * a refund without its reversal, cannot commit); a decided payout is e-mailed to its seller.
 */
export function registerSalesListeners(
  events: Pick<Events, 'on'>,
  deps: { sales: Pick<SalesService, 'orderPaid' | 'orderRefunded'>; queue: JobQueue; publicUrl: string },
) {
  const { sales, queue } = deps;
  const salesUrl = `${deps.publicUrl}/me/sales`;

  events.on(
    'order.paid',
    'sales.ledger',
    ({ order, paidAt }, { tx }) => sales.orderPaid(tx, order, new Date(paidAt)),
    { inTransaction: true },
  );
  events.on(
    'order.refunded',
    'sales.ledger',
    ({ order, refundedAt }, { tx }) => sales.orderRefunded(tx, order, new Date(refundedAt)),
    { inTransaction: true },
  );

  const payoutMail = (payout: PayoutFact) =>
    payout.seller && {
      to: payout.seller.email,
      language: payout.seller.language,
      salesUrl,
      amount: payout.amount,
      bank: bankByCode(payout.bankCode)?.short_name ?? payout.bankCode,
      accountNumber: payout.accountNumber,
    };
  events.on(
    'payout.paid',
    'sales.seller-mail',
    async (payout, { tx }) => {
      const common = payoutMail(payout);
      if (common)
        await queueMail(queue, payoutPaidMail({ ...common, transferRef: payout.transferRef }), { db: tx });
    },
    { inTransaction: true },
  );
  events.on(
    'payout.failed',
    'sales.seller-mail',
    async (payout, { tx }) => {
      const common = payoutMail(payout);
      if (common) await queueMail(queue, payoutFailedMail({ ...common, reason: payout.reason }), { db: tx });
    },
    { inTransaction: true },
  );
}
