import { CheckCircle2, Clock, Printer, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useParams, useSearchParams } from 'react-router';
import { workflowPath, type OrderSummary } from '@flowbay/domain';
import { LoadError } from '@/components/load-error';
import { NotFoundState } from '@/components/not-found-state';
import { Button, ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrder } from '@/features/orders/api/get-order';
import { Receipt } from '@/features/orders/components/receipt';
import { RefundRequest } from '@/features/orders/components/refund-request';
import { VietQrPanel } from '@/features/orders/components/vietqr-panel';
import { OrderInvoice } from '@/features/invoices/components/order-invoice';
import { useOrderInvoice } from '@/features/invoices/api/invoices';
import { failedWithNothingToShow, isNotFound } from '@/lib/query';
import { formatDateTime, formatPrice } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { translateMessage } from '@/i18n/keys';

type ReturnResult = 'success' | 'cancelled' | 'failed' | null;

export function Component() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const raw = params.get('result');
  const result: ReturnResult = raw === 'success' || raw === 'cancelled' || raw === 'failed' ? raw : null;
  return <OrderPage code={code} result={result} />;
}

function OrderPage({ code, result }: { code: string; result: ReturnResult }) {
  const { t } = useTranslation();
  const order = useOrder(code);
  const orderInvoice = useOrderInvoice(code, order.data?.order.state);
  usePageMeta(t('orders.pageTitle', { code }));
  // The buyer watched this page wait for their bank transfer: once paid, it says so like a return would.
  const [watchedTransfer, setWatchedTransfer] = useState(false);
  const transfer = order.data?.order.state === 'pending' ? order.data.bank_transfer : undefined;
  if (transfer && !watchedTransfer) setWatchedTransfer(true);
  if (failedWithNothingToShow(order)) {
    if (isNotFound(order.error)) {
      return (
        <NotFoundState
          title={t('orders.notFoundTitle')}
          text={t('orders.notFoundText')}
          action={{ to: '/me/purchases', label: t('purchases.title') }}
        />
      );
    }
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <LoadError messages={[t('orders.loadFailed')]} onRetry={() => void order.refetch()} />
      </div>
    );
  }
  const data = order.data?.order;
  // A payment that was cancelled, failed or expired bought nothing: no receipt to show or print.
  if (data && !data.payment_incident && (data.state === 'failed' || data.state === 'expired')) {
    return <UnpaidOrder order={data} result={result} />;
  }
  const invoice = orderInvoice.data?.invoice;
  const billedTo = invoice
    ? { company: invoice.company_name, taxCode: invoice.tax_code, invoiceNumber: invoice.invoice_number }
    : null;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 print:text-2xl">
        {t('orders.pageTitle', { code })}
      </h1>
      {data ? (
        <>
          {data.payment_incident ? (
            <PaymentIncidentNotice order={data} incident={data.payment_incident} />
          ) : transfer ? (
            <VietQrPanel order={data} transfer={transfer} />
          ) : (
            <ResultBanner order={data} result={watchedTransfer ? 'success' : result} />
          )}
          <div className="mt-6">
            <Receipt order={data} billedTo={billedTo} />
          </div>
          <div className="mt-6">
            <OrderInvoice code={data.code} orderState={data.state} />
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-2 print:hidden" data-print-hidden>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              {t('orders.print')}
            </Button>
            {!data.workflow.deleted && (
              <ButtonLink
                variant={data.state === 'paid' ? 'primary' : 'outline'}
                to={workflowPath(data.workflow)}
              >
                {(data.state === 'failed' || data.state === 'expired') && !data.payment_incident
                  ? t('orders.tryAgain')
                  : t('orders.openWorkflow')}
              </ButtonLink>
            )}
            <ButtonLink variant="ghost" to="/me/purchases">
              {t('purchases.title')}
            </ButtonLink>
          </div>
          <div className="mt-4 print:hidden" data-print-hidden>
            <RefundRequest order={data} />
          </div>
        </>
      ) : (
        <Skeleton className="mt-6 h-96 w-full rounded-2xl" />
      )}
    </div>
  );
}

/**
 * An order that was never paid (the buyer cancelled at the gateway, the payment failed, or the order
 * expired): said as such, with what it was for and the way back to the workflow, never as a receipt.
 */
function UnpaidOrder({ order, result }: { order: OrderSummary; result: ReturnResult }) {
  const { t, i18n } = useTranslation();
  const outcome = order.state === 'expired' ? 'expired' : result === 'cancelled' ? 'cancelled' : 'failed';
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6" data-testid="unpaid-order">
      <div className="flex items-start gap-3">
        <XCircle className="mt-1 size-7 shrink-0 text-red-600" aria-hidden="true" />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          {t(`orders.unpaid.${outcome}Title`)}
        </h1>
      </div>
      <p role="status" data-testid="order-result" className="mt-4 text-slate-700">
        {t(`orders.result.${outcome}`)}
      </p>
      <p className="mt-2 text-sm text-slate-600" data-testid="unpaid-order-facts">
        {t('orders.unpaid.facts', {
          code: order.code,
          title: order.workflow.title,
          amount: formatPrice(order.amount, i18n.language),
        })}
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-2">
        {!order.workflow.deleted && (
          <ButtonLink variant="primary" to={workflowPath(order.workflow)}>
            {t('orders.unpaid.backToWorkflow')}
          </ButtonLink>
        )}
        <ButtonLink variant="ghost" to="/me/purchases">
          {t('purchases.title')}
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * A payment that reached this order after it had closed, for a workflow the buyer already owns, or for
 * another amount than the order's: it bought the workflow late, or it is being (or was) refunded,
 * automatically or by the team. Said instead of the order's bare "failed" or "expired".
 */
function PaymentIncidentNotice({
  order,
  incident,
}: {
  order: OrderSummary;
  incident: NonNullable<OrderSummary['payment_incident']>;
}) {
  const { t, i18n } = useTranslation();
  const good = incident.outcome === 'fulfilled' || incident.outcome === 'refunded';
  const Icon = good ? CheckCircle2 : Clock;
  return (
    <div
      role="status"
      data-testid="payment-incident"
      className={`mt-4 flex gap-2 rounded-xl border px-4 py-3 text-sm font-medium print:hidden ${
        good
          ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
          : 'border-amber-200 bg-amber-50 text-amber-900'
      }`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      {incident.kind === 'late_payment' ? (
        <p>{t('orders.incident.late_payment')}</p>
      ) : (
        <div>
          <p>
            {t(`orders.incident.reasons.${incident.kind}`, {
              received: formatPrice(incident.received_amount ?? order.amount, i18n.language),
              price: formatPrice(order.amount, i18n.language),
            })}
          </p>
          <p className="mt-1">
            {incident.outcome === 'refunded'
              ? t(
                  incident.kind === 'amount_mismatch'
                    ? 'orders.incident.sentBack'
                    : 'orders.incident.refunded',
                  {
                    date: formatDateTime(order.refunded_at ?? order.created_at, i18n.language),
                  },
                )
              : t(
                  `orders.incident.${incident.outcome === 'fulfilled' ? 'refund_pending' : incident.outcome}`,
                )}
          </p>
        </div>
      )}
    </div>
  );
}

/** What the return from the payment page means, against the order's real state (only the IPN decides). */
function ResultBanner({ order, result }: { order: OrderSummary; result: ReturnResult }) {
  const { t } = useTranslation();
  let tone: 'good' | 'wait' | 'bad' | null = null;
  let key = '';
  if (order.state === 'paid' && result === 'success') [tone, key] = ['good', 'orders.result.success'];
  else if (order.state === 'pending') [tone, key] = ['wait', 'orders.result.waiting'];
  else if (order.state === 'failed')
    [tone, key] = ['bad', result === 'cancelled' ? 'orders.result.cancelled' : 'orders.result.failed'];
  else if (order.state === 'expired') [tone, key] = ['bad', 'orders.result.expired'];
  if (!tone) return null;
  const Icon = tone === 'good' ? CheckCircle2 : tone === 'wait' ? Clock : XCircle;
  const colours =
    tone === 'good'
      ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
      : tone === 'wait'
        ? 'border-amber-200 bg-amber-50 text-amber-900'
        : 'border-red-200 bg-red-50 text-red-900';
  return (
    <p
      role="status"
      data-testid="order-result"
      className={`mt-4 flex items-center gap-2 rounded-xl border px-4 py-3 text-sm font-medium print:hidden ${colours}`}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {translateMessage(t, key)}
    </p>
  );
}
