import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BanksResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { salesKeys } from './query-keys';

export function getBanks(signal?: AbortSignal): Promise<BanksResponse> {
  return api.get('/api/banks', { signal });
}

export function banksQueryOptions() {
  return queryOptions({
    queryKey: salesKeys.banks(),
    queryFn: ({ signal }) => getBanks(signal),
    staleTime: Infinity,
  });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
