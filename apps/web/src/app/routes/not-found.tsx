import { useTranslation } from '@/i18n/use-translation';
import { NotFoundState } from '@/components/not-found-state';
import { usePageHead } from '@/lib/page-meta';
import { page } from './not-found.page';

export function Component() {
  const { t } = useTranslation();
  usePageHead(page, undefined);
  return (
    <NotFoundState
      code="404"
      title={t('notFound.title')}
      text={t('notFound.subtitle')}
      action={{ to: '/', label: t('notFound.home') }}
    />
  );
}
