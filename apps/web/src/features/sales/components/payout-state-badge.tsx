import { useTranslation } from '@/i18n/use-translation';
import type { Payout } from '@flowbay/domain';
import { Badge } from '@/components/ui/badge';

const VARIANT = { requested: 'neutral', sending: 'warning', paid: 'success', failed: 'danger' } as const;

/** Where a payout stands: paid in green, failed in red, being sent through payOS in amber, requested in grey. */
export function PayoutStateBadge({ state }: { state: Payout['state'] }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[state]}>{t(`sales.payoutState.${state}`)}</Badge>;
}
