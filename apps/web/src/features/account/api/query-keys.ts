import { sharedKeys } from '@/lib/query-keys';

/** Every query of the account feature (the signed-in user's own data). */
export const accountKeys = {
  all: ['me'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  favoriteCheck: (workflowId: string) => [...accountKeys.all, 'favorites', 'check', workflowId] as const,
  favoriteLists: () => [...accountKeys.all, 'favorites', 'list'] as const,
  favoriteList: (page: number) => [...accountKeys.favoriteLists(), page] as const,
  myWorkflows: () => sharedKeys.myWorkflows,
  myWorkflowsPage: (page: number) => [...sharedKeys.myWorkflows, page] as const,
};
