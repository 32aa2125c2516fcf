import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchasesResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { commerceKeys } from './query-keys';

export function getPurchases(signal?: AbortSignal): Promise<PurchasesResponse> {
  return api.get('/api/me/purchases', { signal });
}

export function purchasesQueryOptions() {
  return queryOptions({ queryKey: commerceKeys.purchases(), queryFn: ({ signal }) => getPurchases(signal) });
}

export function usePurchases() {
  return useQuery(purchasesQueryOptions());
}
