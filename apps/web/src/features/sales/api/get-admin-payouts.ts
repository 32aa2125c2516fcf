import { useQuery } from '@tanstack/react-query';
import type { PayoutStateValue } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { salesKeys } from './query-keys';

export function adminPayoutsQueryOptions(state: PayoutStateValue | '') {
  return defineQuery(salesKeys.adminPayouts(state), (signal) =>
    api.get('/api/admin/payouts', { query: { state }, signal }),
  );
}

export function useAdminPayouts(state: PayoutStateValue | '') {
  return useQuery(adminPayoutsQueryOptions(state));
}
