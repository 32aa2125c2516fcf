import { useTranslation } from '@/i18n/use-translation';
import { NotFoundState } from '@/components/not-found-state';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  const { t } = useTranslation();
  usePageMeta(t('notFound.title'));
  return (
    <NotFoundState
      code="404"
      title={t('notFound.title')}
      text={t('notFound.subtitle')}
      action={{ to: '/', label: t('notFound.home') }}
    />
  );
}
