import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { useFavorites } from '@/features/account/api/favorites';
import {
  WorkflowCard,
  WorkflowCardSkeleton,
  WorkflowGrid,
} from '@/features/workflows/components/workflow-card';
import { usePageMeta } from '@/lib/page-meta';
import { usePaginationLabels } from '@/lib/use-pagination-labels';
import { LoadError } from '@/components/load-error';

export function Component() {
  const { t } = useTranslation();
  usePageMeta(t('favorites.title'));
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('favorites.title')}</h1>
      <p className="mt-1 text-slate-600">{t('favorites.subtitle')}</p>
      <FavoriteList />
    </div>
  );
}

function FavoriteList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useFavorites(page);
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
  if (list.data && list.data.workflows.length === 0) {
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
        <p className="text-slate-600">{t('favorites.empty')}</p>
        <Button asChild className="mt-4">
          <Link to="/workflows">{t('favorites.browse')}</Link>
        </Button>
      </div>
    );
  }
  const pageCount = list.data ? Math.ceil(list.data.filteredCount / list.data.pageSize) : 0;
  return (
    <div className="mt-8">
      <WorkflowGrid busy={!list.data || list.isPlaceholderData}>
        {list.data
          ? list.data.workflows.map((workflow) => <WorkflowCard key={workflow.id} workflow={workflow} />)
          : [0, 1, 2, 3].map((item) => <WorkflowCardSkeleton key={item} />)}
      </WorkflowGrid>
      <div className="mt-8">
        <Pagination page={page} pageCount={pageCount} onPageChange={setPage} labels={labels} />
      </div>
    </div>
  );
}
