import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesDashboard } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { salesKeys } from './query-keys';

export function getSalesDashboard(signal?: AbortSignal): Promise<SalesDashboard> {
  return api.get('/api/me/sales', { signal });
}

export function salesDashboardQueryOptions() {
  return queryOptions({
    queryKey: salesKeys.dashboard(),
    queryFn: ({ signal }) => getSalesDashboard(signal),
  });
}

export function useSalesDashboard() {
  return useQuery(salesDashboardQueryOptions());
}
