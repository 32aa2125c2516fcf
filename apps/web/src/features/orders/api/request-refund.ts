import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { commerceKeys } from './query-keys';

function requestRefund(code: string, reason: string): Promise<OrderResponse> {
  return api.post('/api/orders/:code/refund-request', { params: { code }, body: { reason } });
}

/** The buyer's request; the receipt and the library show it as open right away. */
export function useRequestRefund(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => requestRefund(code, reason),
    onSuccess: (answer) => {
      queryClient.setQueryData(commerceKeys.order(code), answer);
      void queryClient.invalidateQueries({ queryKey: commerceKeys.purchases() });
    },
  });
}
