import { api } from '@/lib/api-client';
import { definePageQuery } from '@/lib/query';
import { publishingKeys } from './query-keys';

export type { MyWorkflow, MyWorkflowList } from '@flowbay/domain';

export function myWorkflowsQueryOptions(page: number) {
  return definePageQuery(publishingKeys.myWorkflowsPage(page), (signal) =>
    api.get('/api/me/workflows', { query: { page }, signal }),
  );
}
