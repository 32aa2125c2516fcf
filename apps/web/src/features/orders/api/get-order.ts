import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery, retryUnlessNotFound } from '@/lib/query';
import { sharedKeys } from '@/lib/query-keys';
import { commerceKeys } from './query-keys';

/** While the payment gateway has not confirmed (its IPN may land after the redirect), ask again this often. */
export const PENDING_POLL_MS = 2_000;

export function orderQueryOptions(code: string) {
  return defineQuery(
    commerceKeys.order(code),
    (signal) => api.get('/api/orders/:code', { params: { code }, signal }),
    {
      retry: retryUnlessNotFound,
      refetchInterval: (query) => (query.state.data?.order.state === 'pending' ? PENDING_POLL_MS : false),
    },
  );
}

/**
 * An order; once it is paid, what it bought shows at once: the library, the workflow's page (its
 * access) and the prices quoted to the buyer (an upgrade changes the tier they hold) are read again.
 */
export function useOrder(code: string) {
  const query = useQuery(orderQueryOptions(code));
  const queryClient = useQueryClient();
  const paid = query.data?.order.state === 'paid';
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: commerceKeys.purchases() });
    void queryClient.invalidateQueries({ queryKey: [...commerceKeys.all, 'quote'] });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.workflows });
  }, [paid, code, queryClient]);
  return query;
}
