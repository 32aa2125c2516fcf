import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderResponse } from '@flowbay/domain';
import { ApiRequestError, api } from '@/lib/api-client';
import { commerceKeys } from './query-keys';

/** While the payment gateway has not confirmed (its IPN may land after the redirect), ask again this often. */
export const PENDING_POLL_MS = 2_000;

export function getOrder(code: string, signal?: AbortSignal): Promise<OrderResponse> {
  return api.get('/api/orders/:code', { params: { code }, signal });
}

export function orderQueryOptions(code: string) {
  return queryOptions({
    queryKey: commerceKeys.order(code),
    queryFn: ({ signal }) => getOrder(code, signal),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
    refetchInterval: (query) => (query.state.data?.order.state === 'pending' ? PENDING_POLL_MS : false),
  });
}

export function useOrder(code: string) {
  return useQuery(orderQueryOptions(code));
}
