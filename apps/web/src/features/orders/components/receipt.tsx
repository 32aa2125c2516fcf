import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { workflowPath, type OrderSummary } from '@flowbay/domain';
import { paymentProviderName } from '@flowbay/domain/payment-providers';
import { DetailRows, type DetailRow } from '@/components/ui/detail-rows';
import { formatDateTime, formatPrice } from '@/lib/format';
import { OrderStateBadge } from './order-state-badge';
import { accountName } from '@/lib/account-name';

/** Whom a VAT invoice for the order is made out to, and its number once issued. */
export interface BilledTo {
  company: string;
  taxCode: string;
  invoiceNumber: string | null;
}

/**
 * The receipt of one order: what was bought, by and from whom (the company too, when the buyer asked
 * for a VAT invoice, and its number once issued), for how much (every fee included), how and when.
 * Prints as is.
 */
export function Receipt({ order, billedTo = null }: { order: OrderSummary; billedTo?: BilledTo | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows: DetailRow[] = [
    [t('orders.code'), <span className="font-mono tracking-wide">{order.code}</span>],
    [t('orders.status'), <OrderStateBadge state={order.state} />],
    [
      t('orders.item'),
      order.workflow.deleted ? (
        <>
          {order.workflow.title} <span className="text-slate-500">({t('orders.removedWorkflow')})</span>
        </>
      ) : (
        <Link to={workflowPath(order.workflow)} className="text-brand-700 hover:underline">
          {order.workflow.title}
        </Link>
      ),
    ],
    [
      t('buy.licence'),
      <span data-testid="receipt-licence">
        {t('buy.licenceOf', { tier: t(`buy.tierNames.${order.licence}`) })}
        {order.upgrade_from &&
          ` (${t('orders.upgradeFrom', { tier: t('buy.licenceOf', { tier: t(`buy.tierNames.${order.upgrade_from}`) }) })})`}
      </span>,
    ],
    order.discount_amount > 0 && [
      t('buy.discountCode'),
      `${order.discount_code ?? ''} (−${formatPrice(order.discount_amount, language)})`,
    ],
    [t('orders.seller'), accountName(t, order.seller.name)],
    [t('orders.buyer'), accountName(t, order.buyer_name)],
    !!billedTo && [
      t('orders.billedTo'),
      `${billedTo.company} (${t('orders.taxCode', { code: billedTo.taxCode })})`,
    ],
    !!billedTo?.invoiceNumber && [
      t('orders.invoiceNumber'),
      <span className="font-mono">{billedTo.invoiceNumber}</span>,
    ],
    [
      t('orders.amount'),
      // The note stays outside the test id: that element holds exactly the formatted price.
      <>
        <span data-testid="receipt-amount">{formatPrice(order.amount, language)}</span>{' '}
        <span className="text-sm text-slate-500">({t('orders.feesIncluded')})</span>
      </>,
    ],
    [t('orders.provider'), paymentProviderName(order.provider, i18n.language, 'name')],
    !!order.provider_ref && [
      t('orders.providerRef'),
      <span className="font-mono">{order.provider_ref}</span>,
    ],
    [t('orders.date'), formatDateTime(order.created_at, language)],
    !!order.paid_at && [t('orders.paidAt'), formatDateTime(order.paid_at, language)],
    !!order.refunded_at && [t('orders.refundedAt'), formatDateTime(order.refunded_at, language)],
  ];
  return (
    <section
      aria-labelledby="receipt-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs print:border-0 print:p-0 print:shadow-none"
      data-testid="receipt"
    >
      <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 pb-4">
        <h2 id="receipt-title" className="text-xl font-semibold text-slate-900">
          {t('orders.title')}
        </h2>
        <span className="text-sm font-semibold text-brand-700">{t('orders.merchant')}</span>
      </div>
      <DetailRows rows={rows} wrap />
    </section>
  );
}
