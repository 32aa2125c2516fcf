import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LicenceTier, Quote } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { commerceKeys } from './query-keys';

/** The price of a licence tier with an optional discount code, before paying (signed-in buyers only). */
export function useQuote(workflowId: string, licence: LicenceTier, code: string, enabled: boolean) {
  return useQuery({
    queryKey: commerceKeys.quote(workflowId, licence, code),
    queryFn: (): Promise<Quote> =>
      api.post('/api/orders/quote', {
        body: { workflow_id: workflowId, licence, ...(code ? { discount_code: code } : {}) },
      }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
