import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { commerceKeys } from './query-keys';

function declineRefund(code: string, reason: string): Promise<OrderResponse> {
  return api.post('/api/admin/orders/:code/decline-refund', { params: { code }, body: { reason } });
}

export function useDeclineRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) => declineRefund(code, reason),
    onSuccess: (answer) => {
      queryClient.setQueryData(commerceKeys.order(answer.order.code), answer);
      void queryClient.invalidateQueries({ queryKey: commerceKeys.admin() });
    },
  });
}
