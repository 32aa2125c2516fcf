import { useQuery } from '@tanstack/react-query';
import type { AuditQuery } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { definePageQuery } from '@/lib/query';

/** The audit list's filters as the address and the API take them: text, empty when unset. */
export type AuditFilters = Partial<Record<Exclude<keyof AuditQuery, 'page'>, string>>;

export const auditKeys = {
  all: ['audit'] as const,
  page: (filters: AuditFilters, page: number) => [...auditKeys.all, filters, page] as const,
};

export function auditTrailQueryOptions(filters: AuditFilters, page: number) {
  return definePageQuery(auditKeys.page(filters, page), (signal) =>
    api.get('/api/admin/audit', { query: { ...filters, page }, signal }),
  );
}

/** One page of the audit trail, newest first; the previous page stays shown while the next loads. */
export function useAuditTrail(filters: AuditFilters, page: number) {
  return useQuery(auditTrailQueryOptions(filters, page));
}

/** The CSV export's address with the same filters. */
export function auditCsvHref(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `/api/admin/audit.csv?${text}` : '/api/admin/audit.csv';
}
