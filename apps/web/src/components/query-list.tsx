import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A list that `query` loads in one piece (a queue, open reports): a placeholder while it loads,
 * `empty` when `items` finds nothing, otherwise one row an item (`children`, keyed).
 */
export function QueryList<T, Item>({
  query,
  items,
  failed,
  empty,
  retry,
  children,
}: {
  query: UseQueryResult<T>;
  items: (data: T) => Item[];
  failed: string;
  empty: ReactNode;
  /** Whether the error offers to load again (it does unless told). */
  retry?: boolean;
  children: (item: Item) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      failed={failed}
      retry={retry}
      loading={<Skeleton className="h-24 w-full rounded-2xl" />}
      isEmpty={(data) => items(data).length === 0}
      empty={empty}
    >
      {(data) => <ul className="flex flex-col gap-3">{items(data).map(children)}</ul>}
    </QueryView>
  );
}
