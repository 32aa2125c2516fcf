import { useQuery } from '@tanstack/react-query';
import type { PriceFilter, Sort } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { definePageQuery } from '@/lib/query';
import { workflowsKeys } from './query-keys';

export interface WorkflowListParams {
  page?: number;
  search?: string;
  category?: string;
  subcategory?: string;
  price?: PriceFilter;
  sort?: Sort | null;
  apps?: string[];
  /** An n8n release: leaves out n8n listings known not to run on it. */
  n8n?: string;
  /** Only listings readable in this language (written in it or translated into it). */
  inLanguage?: 'en' | 'vi' | '';
  user_id?: string;
  limit?: number;
}

/** Sends only non-default values, so equal filters share one cache entry and one URL. */
function listQuery(params: WorkflowListParams) {
  return {
    page: params.page ? params.page : undefined,
    search: params.search?.trim() || undefined,
    category: params.category || undefined,
    subcategory: params.subcategory || undefined,
    price: params.price && params.price !== 'all' ? params.price : undefined,
    // Unset: the server's default (best match with a search, newest without).
    sort: params.sort ?? undefined,
    app: params.apps?.length ? params.apps.join(',') : undefined,
    n8n: params.n8n || undefined,
    in_language: params.inLanguage || undefined,
    user_id: params.user_id || undefined,
    limit: params.limit,
  };
}

export function workflowsQueryOptions(params: WorkflowListParams) {
  const query = listQuery(params);
  return definePageQuery(workflowsKeys.list(query), (signal) => api.get('/api/workflows', { query, signal }));
}

export function useWorkflows(params: WorkflowListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...workflowsQueryOptions(params), enabled: options.enabled ?? true });
}
