import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { Payout } from '@flowbay/domain';
import { Badge } from '@/components/ui/badge';

const VARIANT = { requested: 'neutral', sending: 'warning', paid: 'success', failed: 'danger' } as const;

/** Where a payout stands: paid in green, failed in red, being sent through payOS in amber, requested in grey. */
export function PayoutStateBadge({ state }: { state: Payout['state'] }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[state]}>{t(`sales.payoutState.${state}`)}</Badge>;
}

/**
 * A payout's bank transfer reference once paid and its reason once failed, as the seller and the
 * admins both see them; `children` (what only admins see) stands between the two.
 */
export function PayoutNotes({
  payout,
  children,
}: {
  payout: Pick<Payout, 'transfer_ref' | 'failure_reason'>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
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
