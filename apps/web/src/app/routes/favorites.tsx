import { useTranslation } from 'react-i18next';
import { AccountPageShell } from '@/components/account-page-shell';
import { EmptyState } from '@/components/empty-state';
import { WorkflowPages } from '@/components/workflow-pages';
import { favoritesQueryOptions } from '@/features/account/api/favorites';
import {
  WorkflowCard,
  WorkflowCardSkeleton,
  WorkflowGrid,
} from '@/features/workflows/components/workflow-card';

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageShell title={t('favorites.title')} subtitle={t('favorites.subtitle')} width="full">
      <WorkflowPages
        pageQuery={favoritesQueryOptions}
        loading={
          <WorkflowGrid busy>
            {[0, 1, 2, 3].map((item) => (
              <WorkflowCardSkeleton key={item} />
            ))}
          </WorkflowGrid>
        }
        empty={
          <EmptyState action={{ to: '/workflows', label: t('favorites.browse') }}>
            {t('favorites.empty')}
          </EmptyState>
        }
      >
        {(workflows, busy) => (
          <WorkflowGrid busy={busy}>
            {workflows.map((workflow) => (
              <WorkflowCard key={workflow.id} workflow={workflow} />
            ))}
          </WorkflowGrid>
        )}
      </WorkflowPages>
    </AccountPageShell>
  );
}
