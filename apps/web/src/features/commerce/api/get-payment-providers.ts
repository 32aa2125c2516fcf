import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentProviders } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { commerceKeys } from './query-keys';

export function getPaymentProviders(signal?: AbortSignal): Promise<PaymentProviders> {
  return api.get('/api/payments/providers', { signal });
}

export function paymentProvidersQueryOptions() {
  return queryOptions({
    queryKey: commerceKeys.providers(),
    queryFn: ({ signal }) => getPaymentProviders(signal),
    staleTime: 5 * 60_000,
  });
}

/** Loaded only where a Buy button is shown. */
export function usePaymentProviders(enabled: boolean) {
  return useQuery({ ...paymentProvidersQueryOptions(), enabled });
}
