import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyWorkflows } from '@/features/account/api/get-my-workflows';
import { MyWorkflowRow } from '@/features/account/components/my-workflow-row';
import { usePageMeta } from '@/lib/page-meta';
import { usePaginationLabels } from '@/lib/use-pagination-labels';
import { LoadError } from '@/components/load-error';

export function Component() {
  const { t } = useTranslation();
  usePageMeta(t('account.myWorkflows'));
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('account.myWorkflows')}</h1>
          <p className="mt-1 text-slate-600">{t('account.myWorkflowsSubtitle')}</p>
        </div>
        <Button asChild>
          <Link to="/workflows/new">
            <Plus aria-hidden="true" />
            {t('menu.createWorkflow')}
          </Link>
        </Button>
      </div>
      <MyWorkflowList />
    </div>
  );
}

function MyWorkflowList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useMyWorkflows(page);
  const labels = usePaginationLabels();
  if (list.isError) {
    return (
      <LoadError
        className="mt-8"
        messages={[t('errors.loadWorkflows')]}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (!list.data) {
    return (
      <div className="mt-8 flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2].map((item) => (
          <Skeleton key={item} className="h-24 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (list.data.workflows.length === 0) {
    return (
      <p className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
        {t('account.noWorkflows')}
      </p>
    );
  }
  const pageCount = Math.ceil(list.data.filteredCount / list.data.pageSize);
  return (
    <>
      <ul className="mt-8 flex flex-col gap-3" aria-busy={list.isPlaceholderData || undefined}>
        {list.data.workflows.map((workflow) => (
          <MyWorkflowRow key={workflow.id} workflow={workflow} />
        ))}
      </ul>
      <div className="mt-8">
        <Pagination page={page} pageCount={pageCount} onPageChange={setPage} labels={labels} />
      </div>
    </>
  );
}
