import { useQuery } from '@tanstack/react-query';
import type { CreateDiscountCodeBody, DiscountCodeList } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { sharedKeys } from '@/lib/query-keys';
import { salesKeys } from './query-keys';

/** The seller's discount codes with their uses. */
export function useDiscountCodes() {
  return useQuery({
    queryKey: salesKeys.discountCodes(),
    queryFn: (): Promise<DiscountCodeList> => api.get('/api/me/discount-codes'),
  });
}

/** One of the seller's workflows a code can be limited to. */
export interface CodeWorkflow {
  id: string;
  title: string;
  paid: boolean;
}

/** The most pages of the seller's list read for the choice (far beyond any seller's count). */
const MAX_PAGES = 20;

/**
 * Every workflow of the seller (GET /api/me/workflows, all pages), newest first: a code may be
 * limited to some of them, and the list of codes names the ones each covers.
 */
export function useCodeWorkflows() {
  return useQuery({
    queryKey: [...sharedKeys.myWorkflows, 'discount-code-choice'] as const,
    queryFn: async ({ signal }): Promise<CodeWorkflow[]> => {
      const found: CodeWorkflow[] = [];
      // Pages count from 0, as on every paged list (PageQuery).
      for (let page = 0; page < MAX_PAGES; page++) {
        const list = await api.get('/api/me/workflows', { query: { page }, signal });
        found.push(
          ...list.workflows.map((item) => ({ id: item.id, title: item.title, paid: item.price > 0 })),
        );
        if (list.workflows.length === 0 || (page + 1) * list.pageSize >= list.totalCount) break;
      }
      return found;
    },
  });
}

export function useCreateDiscountCode() {
  return useRefreshingMutation(
    (body: CreateDiscountCodeBody) => api.post('/api/me/discount-codes', { body }),
    [salesKeys.discountCodes()],
  );
}

export function useDeactivateDiscountCode() {
  return useRefreshingMutation(
    (id: string) => api.post('/api/me/discount-codes/:id/deactivate', { params: { id } }),
    [salesKeys.discountCodes()],
  );
}
