import type { AdminReport } from '@flowbay/domain';
import { sharedKeys } from '@/lib/query-keys';

/** Every query of the admin feature; a decision invalidates `all`. */
export const adminKeys = {
  all: sharedKeys.admin,
  reviews: (page: number) => [...adminKeys.all, 'reviews', page] as const,
  reports: (status: AdminReport['status']) => [...adminKeys.all, 'reports', status] as const,
};
