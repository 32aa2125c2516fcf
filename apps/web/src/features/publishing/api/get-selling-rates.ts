import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineStaticQuery } from '@/lib/query';

/** The fee and the tax withheld from a sale, for the price field's "you receive about" line. */
export function sellingRatesQueryOptions() {
  return defineStaticQuery(['selling-rates'] as const, (signal) => api.get('/api/selling-rates', { signal }));
}

export function useSellingRates() {
  return useQuery(sellingRatesQueryOptions());
}
