import { useQuery } from '@tanstack/react-query';
import type { TaxProfileBody, TaxProfileResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { defineQuery } from '@/lib/query';
import { salesKeys } from './query-keys';

const taxProfileKey = () => [...salesKeys.all, 'tax-profile'] as const;

export function taxProfileQueryOptions() {
  return defineQuery(taxProfileKey(), (signal) => api.get('/api/me/tax-profile', { signal }));
}

export function useTaxProfile() {
  return useQuery(taxProfileQueryOptions());
}

function setTaxProfile(body: TaxProfileBody): Promise<TaxProfileResponse> {
  return api.put('/api/me/tax-profile', { body });
}

/** A saved profile changes the dashboard too (whether a payout can be requested). */
export function useSetTaxProfile() {
  return useRefreshingMutation(setTaxProfile, [taxProfileKey(), salesKeys.dashboard()]);
}
