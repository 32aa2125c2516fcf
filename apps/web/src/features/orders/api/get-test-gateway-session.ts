import { useQuery } from '@tanstack/react-query';
import type { TestGatewaySession } from '@flowbay/domain';
import { apiRequest, type ApiResponse } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { commerceKeys } from './query-keys';

/** `search` is the gateway page's own query string: the signed `vnp_…` parameters, passed on untouched. */
function getTestGatewaySession(search: string, signal?: AbortSignal): Promise<TestGatewaySession> {
  // Passed as written (empty values included): the signature covers these exact parameters.
  const query = search.startsWith('?') ? search : `?${search}`;
  return apiRequest<ApiResponse<'GET /api/payments/test-gateway/session'>>(
    `/api/payments/test-gateway/session${query}`,
    { signal },
  );
}

export function testGatewaySessionQueryOptions(search: string) {
  return defineQuery(
    commerceKeys.testGatewaySession(search),
    (signal) => getTestGatewaySession(search, signal),
    {
      retry: false,
      staleTime: Infinity,
    },
  );
}

export function useTestGatewaySession(search: string) {
  return useQuery(testGatewaySessionQueryOptions(search));
}
