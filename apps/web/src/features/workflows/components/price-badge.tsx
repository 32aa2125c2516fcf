import { useTranslation } from '@/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { formatPrice } from '@/lib/format';

export function PriceBadge({ price, className }: { price: number; className?: string }) {
  const { t, i18n } = useTranslation();
  return price > 0 ? (
    <Badge variant="warning" className={className}>
      {formatPrice(price, i18n.language)}
    </Badge>
  ) : (
    <Badge variant="success" className={className}>
      {t('common.free')}
    </Badge>
  );
}
