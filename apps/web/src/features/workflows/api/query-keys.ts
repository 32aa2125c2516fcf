import { sharedKeys } from '@/lib/query-keys';

/** Every query of the workflows feature; mutations invalidate through these (or `sharedKeys`). */
export const workflowsKeys = {
  all: sharedKeys.workflows,
  list: (query: object) => [...workflowsKeys.all, 'list', query] as const,
  detail: (ref: string) => [...workflowsKeys.all, 'detail', ref] as const,
  versions: (workflowId: string) => [...workflowsKeys.all, 'versions', workflowId] as const,
  related: (workflowId: string) => [...workflowsKeys.all, 'related', workflowId] as const,
  /** A paid workflow's structure preview (node types and connections only). */
  structure: (workflowId: string) => [...workflowsKeys.all, 'structure', workflowId] as const,
  authorStats: sharedKeys.authorStatsOf,
  categories: ['categories'] as const,
  subcategories: ['subcategories'] as const,
  /** A workflow file loaded for the preview (with or without its node settings). */
  previewFile: (fileUrl: string, settings: boolean) => ['workflow-file', fileUrl, settings] as const,
};
