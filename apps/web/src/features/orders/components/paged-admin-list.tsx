import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ADMIN_ORDERS_PAGE_SIZE } from '@flowbay/domain';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/ui/skeleton';

/** An admin list of orders or incidents: its count, one row an item, and pages of 20. */
export function PagedAdminList<T extends { total: number }, Item>({
  query,
  items,
  texts,
  page,
  onPageChange,
  children,
}: {
  query: UseQueryResult<T>;
  items: (data: T) => Item[];
  texts: { failed: string; empty: string; count: (total: number) => string };
  page: number;
  onPageChange: (page: number) => void;
  children: (item: Item) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      failed={texts.failed}
      loading={<Skeleton className="h-64 w-full rounded-2xl" />}
      isEmpty={(data) => items(data).length === 0}
      empty={<EmptyState>{texts.empty}</EmptyState>}
    >
      {(data) => (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {texts.count(data.total)}
          </p>
          <ul className="flex flex-col gap-3" aria-busy={query.isPlaceholderData}>
            {items(data).map(children)}
          </ul>
          <ListPagination
            page={page}
            total={data.total}
            pageSize={ADMIN_ORDERS_PAGE_SIZE}
            onPageChange={onPageChange}
          />
        </>
      )}
    </QueryView>
  );
}
