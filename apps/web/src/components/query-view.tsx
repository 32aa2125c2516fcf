import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '@/components/load-error';
import { failedWithNothingToShow } from '@/lib/query';

/**
 * What a screen shows for one query: the error with a way to try again, the placeholder until the
 * data arrives, the empty state when `isEmpty` says so, otherwise `children` with the data.
 */
export function QueryView<T>({
  query,
  failed,
  loading,
  isEmpty,
  empty,
  retry = true,
  errorClassName,
  children,
}: {
  query: UseQueryResult<T>;
  failed: string;
  loading: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Whether the error offers to load again. */
  retry?: boolean;
  errorClassName?: string;
  children: (data: T) => ReactNode;
}) {
  if (failedWithNothingToShow(query)) {
    return (
      <LoadError
        className={errorClassName}
        messages={[failed]}
        onRetry={retry ? () => void query.refetch() : undefined}
      />
    );
  }
  if (query.data === undefined) return loading;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
