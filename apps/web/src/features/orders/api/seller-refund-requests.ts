import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerRefundRequestResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { commerceKeys } from './query-keys';

export function sellerRefundRequestsQueryOptions() {
  return defineQuery(commerceKeys.sellerRefundRequests(), (signal) =>
    api.get('/api/me/refund-requests', { signal }),
  );
}

/** Open refund requests on the caller's listings. */
export function useSellerRefundRequests() {
  return useQuery(sellerRefundRequestsQueryOptions());
}

/** The seller's answer: accept, or a reason against; the list shows it at once. */
export function useAnswerRefundRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { accept: boolean; reason?: string }): Promise<SellerRefundRequestResponse> =>
      api.post('/api/me/refund-requests/:id/answer', { params: { id }, body: answer }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commerceKeys.sellerRefundRequests() }),
  });
}
