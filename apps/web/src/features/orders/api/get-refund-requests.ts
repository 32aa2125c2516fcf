import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { commerceKeys } from './query-keys';

export function refundRequestsQueryOptions() {
  return defineQuery(commerceKeys.refundRequests(), (signal) =>
    api.get('/api/admin/refund-requests', { signal }),
  );
}

export function useRefundRequests() {
  return useQuery(refundRequestsQueryOptions());
}
