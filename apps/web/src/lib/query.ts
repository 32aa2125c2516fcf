import { keepPreviousData, queryOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

type Extra<T, K extends QueryKey> = Omit<UseQueryOptions<T, Error, T, K>, 'queryKey' | 'queryFn'>;

/**
 * One query's options: its key (from the feature's key factory), the API call given the abort
 * signal, and any extra options (`staleTime`, `placeholderData`, ...).
 */
export function defineQuery<T, const K extends QueryKey>(
  queryKey: K,
  fetch: (signal: AbortSignal) => Promise<T>,
  extra?: Extra<T, K>,
) {
  return queryOptions<T, Error, T, K>({ ...extra, queryKey, queryFn: ({ signal }) => fetch(signal) });
}

/**
 * A query of one page of a list (or of one set of filters): while the next page loads, the one on
 * screen stays (`placeholderData`), so lists do not collapse to a skeleton on every page turn.
 */
export function definePageQuery<T, const K extends QueryKey>(
  queryKey: K,
  fetch: (signal: AbortSignal) => Promise<T>,
) {
  return defineQuery(queryKey, fetch, { placeholderData: keepPreviousData });
}

/**
 * A query of what changes only with a deploy (platforms and use cases, banks, sign-in providers,
 * whether translation is on): asked once a visit.
 */
export function defineStaticQuery<T, const K extends QueryKey>(
  queryKey: K,
  fetch: (signal: AbortSignal) => Promise<T>,
) {
  return defineQuery(queryKey, fetch, { staleTime: Infinity });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** A missing resource stays missing: retrying a 404 only delays the not-found state. */
export function retryUnlessNotFound(count: number, error: Error): boolean {
  return !isNotFound(error) && count < 2;
}

/**
 * Whether a screen shows its query's failure: nothing has loaded yet, or what it shows is gone (404).
 * A background refetch that failed for any other reason keeps what is on screen, so a review or a
 * form being filled in is never swapped for an error message under the visitor's cursor.
 */
export function failedWithNothingToShow(query: { isError: boolean; data: unknown; error: unknown }): boolean {
  return query.isError && (query.data === undefined || isNotFound(query.error));
}
