import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutStateValue } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { salesKeys } from './query-keys';

export function getAdminPayouts(state: PayoutStateValue | '', signal?: AbortSignal) {
  return api.get('/api/admin/payouts', { query: { state }, signal });
}

export function adminPayoutsQueryOptions(state: PayoutStateValue | '') {
  return queryOptions({
    queryKey: salesKeys.adminPayouts(state),
    queryFn: ({ signal }) => getAdminPayouts(state, signal),
  });
}

export function useAdminPayouts(state: PayoutStateValue | '') {
  return useQuery(adminPayoutsQueryOptions(state));
}
