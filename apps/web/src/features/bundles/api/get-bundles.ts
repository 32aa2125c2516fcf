import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery, retryUnlessNotFound } from '@/lib/query';

/** Every query of the bundles feature. */
export const bundlesKeys = {
  all: ['bundles'] as const,
  detail: (ref: string) => ['bundles', 'detail', ref] as const,
  search: (search: string) => ['bundles', 'search', search] as const,
};

/** One bundle by slug or id, with what the signed-in visitor would pay. */
export function bundleQueryOptions(ref: string) {
  return defineQuery(
    bundlesKeys.detail(ref),
    (signal) => api.get('/api/bundles/:id', { params: { id: ref }, signal }),
    { retry: retryUnlessNotFound },
  );
}

export function useBundle(ref: string) {
  return useQuery(bundleQueryOptions(ref));
}

/** The bundles for sale matching the catalogue's search (the newest ones without a search). */
export function bundleSearchQueryOptions(search: string) {
  return defineQuery(bundlesKeys.search(search), (signal) =>
    api.get('/api/bundles', { query: search ? { search } : {}, signal }),
  );
}

/** The bundles matching `search`; none asked for while it is null. */
export function useBundleSearch(search: string | null) {
  return useQuery({ ...bundleSearchQueryOptions(search ?? ''), enabled: search !== null });
}
