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
