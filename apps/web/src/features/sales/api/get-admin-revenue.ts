import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRevenue } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { salesKeys } from './query-keys';

export function getAdminRevenue(signal?: AbortSignal): Promise<AdminRevenue> {
  return api.get('/api/admin/revenue', { signal });
}

export function adminRevenueQueryOptions() {
  return queryOptions({
    queryKey: salesKeys.adminRevenue(),
    queryFn: ({ signal }) => getAdminRevenue(signal),
  });
}

export function useAdminRevenue() {
  return useQuery(adminRevenueQueryOptions());
}
