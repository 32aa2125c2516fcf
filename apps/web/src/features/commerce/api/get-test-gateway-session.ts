import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestGatewaySession } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { commerceKeys } from './query-keys';

/** `search` is the gateway page's own query string: the signed `vnp_…` parameters, passed on untouched. */
export function getTestGatewaySession(search: string, signal?: AbortSignal): Promise<TestGatewaySession> {
  const query = search.startsWith('?') ? search : `?${search}`;
  return api.get<TestGatewaySession>(`/api/payments/test-gateway/session${query}`, undefined, signal);
}

export function testGatewaySessionQueryOptions(search: string) {
  return queryOptions({
    queryKey: commerceKeys.testGatewaySession(search),
    queryFn: ({ signal }) => getTestGatewaySession(search, signal),
    retry: false,
    staleTime: Infinity,
  });
}

export function useTestGatewaySession(search: string) {
  return useQuery(testGatewaySessionQueryOptions(search));
}
