import { useTranslation } from '@/i18n/use-translation';
import type { PaginationLabels } from '@/components/ui/pagination';

export function usePaginationLabels(): PaginationLabels {
  const { t } = useTranslation();
  return {
    navigation: t('pagination.label'),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
    page: (page) => t('pagination.page', { page }),
  };
}
