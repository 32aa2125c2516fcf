import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { salesKeys } from './query-keys';

export function adminTaxReportQueryOptions(month: string) {
  return defineQuery([...salesKeys.admin(), 'tax-report', month] as const, (signal) =>
    api.get('/api/admin/tax-report', { query: { month }, signal }),
  );
}

/** The month's tax withheld per seller (decision 0150); `month` is `YYYY-MM`. */
export function useAdminTaxReport(month: string) {
  return useQuery(adminTaxReportQueryOptions(month));
}
