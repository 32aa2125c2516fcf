import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * An admin figures report (revenue, tax) under its section's heading: the error or a table-sized
 * placeholder while `query` loads, then `children` with the data.
 */
export function AdminReportView<T>({
  query,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      failed={failed}
      errorClassName="mt-4"
      loading={<Skeleton className="mt-4 h-40 w-full rounded-2xl" />}
    >
      {children}
    </QueryView>
  );
}
