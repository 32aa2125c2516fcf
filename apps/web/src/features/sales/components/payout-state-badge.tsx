import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { Payout } from '@flowbay/domain';
import { Badge } from '@/components/ui/badge';
import { formatPrice } from '@/lib/format';

const VARIANT = { requested: 'neutral', sending: 'warning', paid: 'success', failed: 'danger' } as const;

/** Where a payout stands: paid in green, failed in red, being sent through payOS in amber, requested in grey. */
export function PayoutStateBadge({ state }: { state: Payout['state'] }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[state]}>{t(`sales.payoutState.${state}`)}</Badge>;
}

/**
 * A payout's bank transfer reference once paid and its reason once failed, as the seller and the
 * admins both see them; `children` (what only admins see) stands between the two. A payout cut at
 * approval, because a sale in it was refunded since the request, warns with both amounts.
 */
export function PayoutNotes({
  payout,
  children,
}: {
  payout: Pick<Payout, 'transfer_ref' | 'failure_reason' | 'amount' | 'requested_amount'>;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {payout.requested_amount !== null && (
        <p className="flex items-start gap-1 text-sm text-amber-800" data-testid="payout-adjusted">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('sales.payoutAdjusted', {
            requested: formatPrice(payout.requested_amount, i18n.language),
            amount: formatPrice(payout.amount, i18n.language),
          })}
        </p>
      )}
      {payout.transfer_ref && (
        <p className="text-sm text-slate-600">{t('sales.transferRef', { ref: payout.transfer_ref })}</p>
      )}
      {children}
      {payout.failure_reason && (
        <p className="text-sm text-red-700">{t('sales.failureReason', { reason: payout.failure_reason })}</p>
      )}
    </>
  );
}
