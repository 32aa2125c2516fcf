import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineStaticQuery } from '@/lib/query';
import { workflowsKeys } from './query-keys';

export const categoriesQueryOptions = defineStaticQuery(workflowsKeys.categories, (signal) =>
  api.get('/api/categories', { signal }),
);

export const subcategoriesQueryOptions = defineStaticQuery(workflowsKeys.subcategories, (signal) =>
  api.get('/api/subcategories', { signal }),
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
