import type { Events } from '../../infra/events/events.ts';
import type { InvoicesService } from './invoices.service.ts';

/**
 * Invoices follow orders through their events, in the order's own transaction: a request made at
 * checkout is saved with the order, a payment makes a request due (and queues the provider's job), a
 * refund of an invoiced order asks for an adjustment.
 */
export function registerInvoicesListeners(
  events: Pick<Events, 'on'>,
  { invoices }: { invoices: Pick<InvoicesService, 'orderPlaced' | 'orderPaid' | 'orderRefunded'> },
) {
  events.on(
    'order.invoiceRequested',
    'invoices.requested',
    ({ orderId, request }, { tx }) => invoices.orderPlaced(tx, orderId, request),
    { inTransaction: true },
  );
  events.on('order.paid', 'invoices.due', ({ order }, { tx }) => invoices.orderPaid(tx, order), {
    inTransaction: true,
  });
  events.on(
    'order.refunded',
    'invoices.adjustment',
    ({ order }, { tx }) => invoices.orderRefunded(tx, order),
    {
      inTransaction: true,
    },
  );
}
