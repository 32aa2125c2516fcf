import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { salesKeys } from './query-keys';

export function adminRevenueQueryOptions() {
  return defineQuery(salesKeys.adminRevenue(), (signal) => api.get('/api/admin/revenue', { signal }));
}

export function useAdminRevenue() {
  return useQuery(adminRevenueQueryOptions());
}
