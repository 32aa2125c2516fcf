import { useQuery } from '@tanstack/react-query';
import type { CreateDiscountCodeBody, DiscountCodeList } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { salesKeys } from './query-keys';

/** The seller's discount codes with their uses. */
export function useDiscountCodes() {
  return useQuery({
    queryKey: salesKeys.discountCodes(),
    queryFn: (): Promise<DiscountCodeList> => api.get('/api/me/discount-codes'),
  });
}

export function useCreateDiscountCode() {
  return useRefreshingMutation(
    (body: CreateDiscountCodeBody) => api.post('/api/me/discount-codes', { body }),
    [salesKeys.discountCodes()],
  );
}

export function useDeactivateDiscountCode() {
  return useRefreshingMutation(
    (id: string) => api.post('/api/me/discount-codes/:id/deactivate', { params: { id } }),
    [salesKeys.discountCodes()],
  );
}
