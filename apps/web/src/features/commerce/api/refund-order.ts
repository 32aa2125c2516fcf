import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { commerceKeys } from './query-keys';

function refundOrder(code: string, reason: string): Promise<OrderResponse> {
  return api.post('/api/admin/orders/:code/refund', { params: { code }, body: { reason } });
}

/** Approves an open request or refunds directly: the order lists, the queue and any open receipt change. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) => refundOrder(code, reason),
    onSuccess: (answer) => {
      queryClient.setQueryData(commerceKeys.order(answer.order.code), answer);
      void queryClient.invalidateQueries({ queryKey: commerceKeys.admin() });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.workflows });
    },
  });
}
