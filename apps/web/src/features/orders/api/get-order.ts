import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery, retryUnlessNotFound } from '@/lib/query';
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

export function useOrder(code: string) {
  return useQuery(orderQueryOptions(code));
}
