import { useTranslation } from '@/i18n/use-translation';
import { LoadError } from '@/components/load-error';
import { NotFoundState } from '@/components/not-found-state';
import { isNotFound } from '@/lib/query';

/** A workflow that could not be shown: gone (or never visible to this visitor), or not loaded. */
export function WorkflowUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isNotFound(error)) {
    return (
      <NotFoundState
        title={t('detail.notFoundTitle')}
        text={t('detail.notFoundSubtitle')}
        action={{ to: '/workflows', label: t('detail.backToWorkflows'), back: true }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <LoadError messages={[t('errors.loadWorkflow')]} onRetry={onRetry} />
    </div>
  );
}
