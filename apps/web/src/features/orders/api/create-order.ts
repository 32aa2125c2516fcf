import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, CreateOrderResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';

function createOrder(body: CreateOrderBody): Promise<CreateOrderResponse> {
  return api.post('/api/orders', { body });
}

/** Places the order; the caller sends the browser to `redirect_url` (the payment page). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // ALREADY_PURCHASED / OWN_WORKFLOW mean the page's `access` is stale: reload it.
    onError: () => void queryClient.invalidateQueries({ queryKey: sharedKeys.workflows }),
  });
}
