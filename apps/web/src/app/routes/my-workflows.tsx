import { Package, Plus } from 'lucide-react';
import { paths } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { AccountPageShell } from '@/components/account-page-shell';
import { EmptyState } from '@/components/empty-state';
import { WorkflowPages } from '@/components/workflow-pages';
import { ButtonLink } from '@/components/ui/button';
import { SkeletonStack } from '@/components/ui/skeleton';
import { myWorkflowsQueryOptions } from '@/features/publishing/api/get-my-workflows';
import { MyWorkflowRow } from '@/features/publishing/components/my-workflow-row';

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageShell
      title={t('account.myWorkflows')}
      subtitle={t('account.myWorkflowsSubtitle')}
      action={
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`${paths.sales()}#bundles`} variant="outline">
            <Package aria-hidden="true" />
            {t('account.bundlesLink')}
          </ButtonLink>
          <ButtonLink to="/workflows/new">
            <Plus aria-hidden="true" />
            {t('menu.createWorkflow')}
          </ButtonLink>
        </div>
      }
    >
      <WorkflowPages
        pageQuery={myWorkflowsQueryOptions}
        loading={<SkeletonStack blocks={Array(3).fill('h-24 w-full rounded-2xl')} />}
        empty={<EmptyState>{t('account.noWorkflows')}</EmptyState>}
      >
        {(workflows, busy) => (
          <ul className="flex flex-col gap-3" aria-busy={busy || undefined}>
            {workflows.map((workflow) => (
              <MyWorkflowRow key={workflow.id} workflow={workflow} />
            ))}
          </ul>
        )}
      </WorkflowPages>
    </AccountPageShell>
  );
}
