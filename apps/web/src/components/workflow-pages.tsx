import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { ListPagination } from '@/components/list-pagination';
import { QueryView } from '@/components/query-view';

interface WorkflowPage {
  workflows: unknown[];
  filteredCount: number;
  pageSize: number;
}

/**
 * A signed-in list of workflows the API sends a page at a time (favourites, the author's own):
 * `pageQuery` gives the query of a page; the list is rendered by `children`, the pages below it.
 */
export function WorkflowPages<Page extends WorkflowPage, Key extends QueryKey>({
  pageQuery,
  loading,
  empty,
  children,
}: {
  pageQuery: (page: number) => UseQueryOptions<Page, Error, Page, Key>;
  loading: ReactNode;
  empty: ReactNode;
  /** The page's workflows; `busy` while the next page replaces them. */
  children: (workflows: Page['workflows'], busy: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useQuery(pageQuery(page));
  return (
    <QueryView
      query={list}
      failed={t('errors.loadWorkflows')}
      loading={loading}
      isEmpty={(data) => data.workflows.length === 0}
      empty={empty}
    >
      {(data) => (
        <>
          {children(data.workflows, list.isPlaceholderData)}
          <div className="mt-8">
            <ListPagination
              page={page}
              total={data.filteredCount}
              pageSize={data.pageSize}
              onPageChange={setPage}
            />
          </div>
        </>
      )}
    </QueryView>
  );
}
