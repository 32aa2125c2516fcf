import { useQuery } from '@tanstack/react-query';
import type { OrderState } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { definePageQuery } from '@/lib/query';
import { commerceKeys } from './query-keys';

export interface AdminOrderFilters {
  q: string;
  state: OrderState | '';
  page: number;
}

export function adminOrdersQueryOptions(filters: AdminOrderFilters) {
  return definePageQuery(commerceKeys.adminOrders(filters), (signal) =>
    api.get('/api/admin/orders', { query: { ...filters }, signal }),
  );
}

export function useAdminOrders(filters: AdminOrderFilters) {
  return useQuery(adminOrdersQueryOptions(filters));
}
