import { sharedKeys } from '@/lib/query-keys';

/** The publishing feature's queries: the author's own workflows. */
export const publishingKeys = {
  myWorkflowsPage: (page: number) => [...sharedKeys.myWorkflows, page] as const,
};
