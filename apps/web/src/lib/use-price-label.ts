import { useTranslation } from '@/i18n/use-translation';
import { formatPrice } from './format';

/** "Free", or the price grouped the way the UI language writes it: "499,000 VNĐ" / "499.000 VNĐ". */
export function usePriceLabel() {
  const { t, i18n } = useTranslation();
  return (price: number) => (price === 0 ? t('common.free') : formatPrice(price, i18n.language));
}
