import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { salesKeys } from './query-keys';

export function taxStatementQueryOptions(year: number) {
  return defineQuery([...salesKeys.all, 'tax-statement', year] as const, (signal) =>
    api.get('/api/me/tax-statement', { query: { year }, signal }),
  );
}

/** The caller's statement of the VAT and PIT withheld from their sales in `year`. */
export function useTaxStatement(year: number) {
  return useQuery(taxStatementQueryOptions(year));
}

export function adminTaxStatementQueryOptions(sellerId: string, year: number) {
  return defineQuery([...salesKeys.admin(), 'tax-statement', sellerId, year] as const, (signal) =>
    api.get('/api/admin/sellers/:id/tax-statement', { params: { id: sellerId }, query: { year }, signal }),
  );
}

/** A seller's statement for `year` as an admin reads it: the same figures, the tax code in full. */
export function useAdminTaxStatement(sellerId: string, year: number) {
  return useQuery(adminTaxStatementQueryOptions(sellerId, year));
}
