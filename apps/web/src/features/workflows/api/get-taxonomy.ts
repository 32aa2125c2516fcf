import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { workflowsKeys } from './query-keys';

// Platforms and use cases change only with a deploy; keep them for the whole visit.
export const categoriesQueryOptions = defineQuery(
  workflowsKeys.categories,
  (signal) => api.get('/api/categories', { signal }),
  { staleTime: Infinity },
);

export const subcategoriesQueryOptions = defineQuery(
  workflowsKeys.subcategories,
  (signal) => api.get('/api/subcategories', { signal }),
  { staleTime: Infinity },
);

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}

export function useSubcategories() {
  return useQuery(subcategoriesQueryOptions);
}

/** The name in the UI language (`name_vi` in Vietnamese). */
export function localizedName(item: { name: string; name_vi: string }, language: string): string {
  return language === 'vi' ? item.name_vi || item.name : item.name;
}
