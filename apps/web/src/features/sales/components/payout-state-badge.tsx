import { useTranslation } from '@/i18n/use-translation';
import type { Payout } from '@flowbay/domain';
import { Badge } from '@/components/ui/badge';

/** Where a payout stands: paid in green, failed in red, requested or in payment in grey. */
export function PayoutStateBadge({ state }: { state: Payout['state'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant={state === 'paid' ? 'success' : state === 'failed' ? 'danger' : 'neutral'}>
      {t(`sales.payoutState.${state}`)}
    </Badge>
  );
}
