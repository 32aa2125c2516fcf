import type { PaymentProviderId } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { ReasonDialog } from '@/components/reason-dialog';
import { useRefundedByTransfer } from '../api/admin-order-decisions';

/** The bank's transaction references the server accepts (RefundedByTransferBody). */
const TRANSFER_REF_MAX = 64;

/**
 * Providers with no refund API (payOS, VietQR transfers): their money goes back by a bank transfer
 * the admin makes, then records here. Kept in step with each driver's `refunds: 'manual'`.
 */
export function refundsByTransfer(provider: PaymentProviderId) {
  return provider === 'payos';
}

/**
 * "Mark refunded by bank transfer": a dialog asking the transfer's reference, which the order keeps as
 * its refund reference. Used on the admin orders and on the payment incidents.
 */
export function RefundedByTransferButton({ code, id }: { code: string; id: string }) {
  const { t } = useTranslation();
  const refunded = useRefundedByTransfer();
  return (
    <ReasonDialog
      id={id}
      trigger={t('adminOrders.transferRefund')}
      triggerVariant="primary"
      triggerSize="sm"
      title={t('adminOrders.transferRefundTitle', { code })}
      description={t('adminOrders.transferRefundText')}
      label={t('adminOrders.transferRef')}
      maxLength={TRANSFER_REF_MAX}
      confirm={t('adminOrders.confirmTransferRefund')}
      pendingLabel={t('adminOrders.working')}
      failed={t('adminOrders.failed')}
      submit={(transferRef) => refunded.mutateAsync({ code, reason: transferRef })}
      succeeded={t('adminOrders.transferRefunded', { code })}
    />
  );
}
