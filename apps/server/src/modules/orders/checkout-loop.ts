import type { CreateOrderBody, OrderSummary } from '@flowbay/domain';
import type { Events } from '../../infra/events/events.ts';
import { PaymentProviderError, type PaymentProvider } from '../../infra/payments/index.ts';
import { AppError } from '../../lib/errors.ts';
import { checkedInvoiceRequest } from '../invoices/invoices.service.ts';
import type { OrderRow, OrderView, OrderWrites, OrdersRepository } from './orders.repository.ts';

/**
 * The checkout a workflow's and a bundle's share (orders.service.ts, bundle-orders.ts): what each
 * places differs (price, discount code, bundle grants); how an open checkout is reused or closed, how
 * the payment is opened inside the buyer's checkout lock and how the answer is made does not.
 */

/** A pending checkout is reused only if the buyer still has this long to pay. */
const REUSE_MARGIN_MS = 2 * 60 * 1000;

/** What one pass in the buyer's checkout lock ends with: the order to pay, or one to close first. */
export type CheckoutStep =
  { order: OrderRow; closeFirst?: undefined } | { closeFirst: OrderRow; order?: undefined };

export interface CheckoutLoopDeps {
  repository: Pick<OrdersRepository, 'transaction'>;
  events: Pick<Events, 'emit'>;
  /** Closes an open checkout at its provider (or applies its payment). */
  closeAtProvider: (order: OrderRow) => Promise<void>;
  viewOf: (code: string) => Promise<OrderView>;
  toSummary: (view: OrderView, forBuyer: boolean) => OrderSummary;
  log: { error(details: Record<string, unknown>, message: string): void };
}

/** What a pass is given besides the transaction: where it stands and the shared steps it takes. */
export interface CheckoutPass {
  /** The open checkout this checkout already closed at its provider (on an earlier pass), if any. */
  closedAtProvider: string | null;
  /**
   * The buyer's open checkout `pending`: the step that answers it while it can still be paid the same
   * way (`same`: its provider and price), or that asks to close it at its provider first; null when a
   * new order is to be placed (a pending one closed at its provider is then closed here).
   */
  reuseOrClose(pending: OrderRow | null, same: boolean, now: Date): Promise<CheckoutStep | null>;
  /** Opens the payment of a new order at its provider (inside the lock) with the invoice asked for. */
  openPayment(placed: OrderRow): Promise<CheckoutStep>;
}

/**
 * Runs `pass` in the buyer's checkout transaction until it answers an order to pay, closing an open
 * checkout at its provider between passes (a buyer may still be paying it; if its payment arrives
 * anyway, applyPayment's rule still holds), at most three times. Answers the order and where to pay.
 */
export async function runCheckout(
  deps: CheckoutLoopDeps,
  request: { provider: PaymentProvider; body: CreateOrderBody; clientIp: string },
  pass: (tx: OrderWrites, step: CheckoutPass) => Promise<CheckoutStep>,
) {
  const { provider, clientIp } = request;
  const invoice = request.body.invoice ? checkedInvoiceRequest(request.body.invoice) : null;
  /** The invoice asked for at checkout joins the order in its own transaction, or neither stays. */
  const requestInvoice = async (tx: OrderWrites, orderId: string) => {
    if (!invoice) return;
    await deps.events.emit(tx.queryable, 'order.invoiceRequested', { orderId, request: invoice });
  };
  let closedAtProvider: string | null = null;
  let order: OrderRow | null = null;
  try {
    for (let round = 0; !order; round += 1) {
      const step: CheckoutStep = await deps.repository.transaction((tx) =>
        pass(tx, {
          closedAtProvider,
          async reuseOrClose(pending, same, now) {
            if (
              pending &&
              pending.provider === provider.id &&
              same &&
              pending.redirectUrl &&
              pending.expiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS
            ) {
              await requestInvoice(tx, pending.id);
              return { order: pending };
            }
            if (pending && pending.id !== closedAtProvider) return { closeFirst: pending };
            if (pending) await tx.close(pending.id, pending.expiresAt <= now ? 'expired' : 'failed', now);
            return null;
          },
          // Local for VNPay and the test gateway; one API call for Stripe (inside the lock, so a
          // concurrent checkout waits for this one's address instead of opening a second payment).
          async openPayment(placed) {
            await requestInvoice(tx, placed.id);
            const payment = await provider.createPayment(placed, { clientIp });
            await tx.setPayment(placed.id, payment.redirectUrl, payment.session ?? null);
            return {
              order: {
                ...placed,
                redirectUrl: payment.redirectUrl,
                providerSession: payment.session ?? null,
              },
            };
          },
        }),
      );
      if (step.order) order = step.order;
      else if (round >= 3) throw new AppError('CHECKOUT_BUSY', 'Another checkout is in progress');
      else {
        await deps.closeAtProvider(step.closeFirst);
        closedAtProvider = step.closeFirst.id;
      }
    }
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      deps.log.error({ err: error, provider: provider.id }, 'the payment provider did not create a payment');
      throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment provider did not answer');
    }
    throw error;
  }
  const view = await deps.viewOf(order.code);
  // A VietQR transfer (payOS) is shown on our own order page: the answer carries what it needs.
  const bankTransfer = provider.bankTransfer?.(order) ?? null;
  return {
    order: deps.toSummary(view, true),
    redirect_url: order.redirectUrl!,
    ...(bankTransfer ? { bank_transfer: bankTransfer } : {}),
  };
}
