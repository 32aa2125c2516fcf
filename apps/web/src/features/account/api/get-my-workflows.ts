import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { accountKeys } from './query-keys';

export type { MyWorkflow, MyWorkflowList } from '@flowbay/domain';

export function myWorkflowsQueryOptions(page: number) {
  return defineQuery(
    accountKeys.myWorkflowsPage(page),
    (signal) => api.get('/api/me/workflows', { query: { page }, signal }),
    { placeholderData: keepPreviousData },
  );
}
