import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { commerceKeys } from './query-keys';

export function paymentProvidersQueryOptions() {
  return defineQuery(commerceKeys.providers(), (signal) => api.get('/api/payments/providers', { signal }), {
    staleTime: 5 * 60_000,
  });
}

/** Loaded only where a Buy button is shown. */
export function usePaymentProviders(enabled: boolean) {
  return useQuery({ ...paymentProvidersQueryOptions(), enabled });
}
