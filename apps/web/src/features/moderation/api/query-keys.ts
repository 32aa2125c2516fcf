import type { AdminReport } from '@flowbay/domain';
import { sharedKeys } from '@/lib/query-keys';

/** Every query of the moderation feature (the queue and reports); a decision invalidates `all`. */
export const moderationKeys = {
  all: sharedKeys.admin,
  queue: (page: number) => [...moderationKeys.all, 'queue', page] as const,
  reports: (status: AdminReport['status']) => [...moderationKeys.all, 'reports', status] as const,
};
