import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRefundRequestsResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { commerceKeys } from './query-keys';

export function getRefundRequests(signal?: AbortSignal): Promise<AdminRefundRequestsResponse> {
  return api.get('/api/admin/refund-requests', { signal });
}

export function refundRequestsQueryOptions() {
  return queryOptions({
    queryKey: commerceKeys.refundRequests(),
    queryFn: ({ signal }) => getRefundRequests(signal),
  });
}

export function useRefundRequests() {
  return useQuery(refundRequestsQueryOptions());
}
