import { useTranslation } from '@/i18n/use-translation';
import { AccountPageShell } from '@/components/account-page-shell';
import { EmptyState } from '@/components/empty-state';
import { WorkflowPages } from '@/components/workflow-pages';
import { favoritesQueryOptions } from '@/features/favorites/api/favorites';
import { WorkflowCards } from '@/features/workflows/components/workflow-card';

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageShell title={t('favorites.title')} subtitle={t('favorites.subtitle')} width="full">
      <WorkflowPages
        pageQuery={favoritesQueryOptions}
        loading={<WorkflowCards placeholders={4} />}
        empty={
          <EmptyState action={{ to: '/workflows', label: t('favorites.browse') }}>
            {t('favorites.empty')}
          </EmptyState>
        }
      >
        {(workflows, busy) => <WorkflowCards workflows={workflows} busy={busy} />}
      </WorkflowPages>
    </AccountPageShell>
  );
}
