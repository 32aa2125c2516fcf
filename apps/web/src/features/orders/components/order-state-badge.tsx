import { useTranslation } from '@/i18n/use-translation';
import type { OrderState } from '@flowbay/domain';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANT: Record<OrderState, NonNullable<BadgeProps['variant']>> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  expired: 'neutral',
  refunded: 'default',
};

export function OrderStateBadge({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT[state]} data-testid="order-state">
      {t(`orders.states.${state}`)}
    </Badge>
  );
}
