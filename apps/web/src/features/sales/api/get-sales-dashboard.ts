import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { salesKeys } from './query-keys';

export function salesDashboardQueryOptions() {
  return defineQuery(salesKeys.dashboard(), (signal) => api.get('/api/me/sales', { signal }));
}

export function useSalesDashboard() {
  return useQuery(salesDashboardQueryOptions());
}
