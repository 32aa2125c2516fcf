import { useTranslation } from '@/i18n/use-translation';
import { REFUND_REASON_MAX, type OrderSummary } from '@flowbay/domain';
import { formatDate } from '@/lib/format';
import { useRequestRefund } from '../api/request-refund';
import { ReasonDialog } from '@/components/reason-dialog';

/** The buyer's "request a refund" while the window is open, or where their request stands. */
export function RefundRequest({ order }: { order: OrderSummary }) {
  const { t, i18n } = useTranslation();
  const request = useRequestRefund(order.code);
  const existing = order.refund_request;
  if (existing) {
    const text =
      existing.state === 'open'
        ? t('orders.refund.open', { date: formatDate(existing.created_at, i18n.language) })
        : existing.state === 'approved'
          ? t('orders.refund.approved')
          : t('orders.refund.declined', { reason: existing.decision_reason ?? '' });
    return (
      <p className="text-sm text-slate-700" data-testid="refund-status">
        {text}
      </p>
    );
  }
  if (!order.can_request_refund) return null;
  return (
    <ReasonDialog
      maxLength={REFUND_REASON_MAX}
      id={`refund-${order.code}`}
      trigger={t('orders.refund.request')}
      triggerSize="sm"
      title={t('orders.refund.dialogTitle', { code: order.code })}
      description={t('orders.refund.dialogText')}
      label={t('orders.refund.reason')}
      confirm={t('orders.refund.submit')}
      pendingLabel={t('orders.refund.submitting')}
      submit={(reason) => request.mutateAsync(reason)}
      succeeded={t('orders.refund.sent')}
      failed={t('orders.refund.failed')}
    />
  );
}
