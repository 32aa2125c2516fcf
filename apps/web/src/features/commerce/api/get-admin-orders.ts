import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrdersResponse, OrderState } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { commerceKeys } from './query-keys';

export interface AdminOrderFilters {
  q: string;
  state: OrderState | '';
  page: number;
}

export function getAdminOrders(
  filters: AdminOrderFilters,
  signal?: AbortSignal,
): Promise<AdminOrdersResponse> {
  return api.get('/api/admin/orders', { query: { ...filters }, signal });
}

export function adminOrdersQueryOptions(filters: AdminOrderFilters) {
  return queryOptions({
    queryKey: commerceKeys.adminOrders(filters),
    queryFn: ({ signal }) => getAdminOrders(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(filters: AdminOrderFilters) {
  return useQuery(adminOrdersQueryOptions(filters));
}
