import type { Events } from '../../infra/events/events.ts';
import { queueMail } from '../../infra/jobs/mail.ts';
import type { JobQueue } from '../../infra/jobs/queue.ts';
import { receiptMail, refundedBuyerMail, refundedSellerMail } from './orders.mail.ts';
import { readReceiptDetails } from './receipt-details.ts';

/**
 * What orders do when an order is paid or refunded: the buyer's receipt, and both sides told of a
 * refund. Each e-mail is queued in the writer's transaction (its job is the outbox entry).
 */
export function registerOrdersListeners(
  events: Pick<Events, 'on'>,
  deps: { queue: JobQueue; publicUrl: string },
) {
  const { queue, publicUrl } = deps;
  const orderUrl = (code: string) => `${publicUrl}/orders/${code}`;

  events.on(
    'order.paid',
    'orders.receipt',
    async ({ order, paidAt }, { tx }) => {
      const details = await readReceiptDetails(tx, order.id);
      await queueMail(
        queue,
        receiptMail({
          to: order.buyerEmail,
          language: order.buyerLanguage,
          code: order.code,
          title: order.workflowTitle,
          amount: order.amount,
          provider: order.provider,
          providerRef: order.providerRef,
          paidAt: new Date(paidAt),
          seller: order.sellerName,
          buyer: order.buyerName,
          orderUrl: orderUrl(order.code),
          ...(details ?? {}),
        }),
        { db: tx },
      );
    },
    { inTransaction: true },
  );

  events.on(
    'order.refunded',
    'orders.refund-mails',
    async ({ order, reason, seller }, { tx }) => {
      const mail = {
        code: order.code,
        title: order.workflowTitle,
        amount: order.amount,
        reason,
        orderUrl: orderUrl(order.code),
      };
      await queueMail(
        queue,
        refundedBuyerMail({ ...mail, to: order.buyerEmail, language: order.buyerLanguage }),
        { db: tx },
      );
      if (seller) {
        await queueMail(queue, refundedSellerMail({ ...mail, to: seller.email, language: seller.language }), {
          db: tx,
        });
      }
    },
    { inTransaction: true },
  );
}
