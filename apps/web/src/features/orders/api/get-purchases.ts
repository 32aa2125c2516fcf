import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { commerceKeys } from './query-keys';

export function purchasesQueryOptions() {
  return defineQuery(commerceKeys.purchases(), (signal) => api.get('/api/me/purchases', { signal }));
}

/** The caller's library; `enabled` false for a visitor who is not signed in. */
export function usePurchases(enabled = true) {
  return useQuery({ ...purchasesQueryOptions(), enabled });
}
