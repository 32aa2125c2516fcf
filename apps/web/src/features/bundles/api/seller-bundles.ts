import { useQuery } from '@tanstack/react-query';
import type { CreateBundleInput, MyWorkflow, UpdateBundleInput } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { bundlesKeys } from './get-bundles';

/** The seller's own bundles, listed or not, newest first. */
export const myBundlesKey = [...bundlesKeys.all, 'mine'] as const;
/** The seller's workflows a bundle may hold (their listed ones), read for the bundle form. */
export const bundleCandidatesKey = [...bundlesKeys.all, 'candidates'] as const;

/** The most pages of the seller's workflows the form reads (12 a page). */
const CANDIDATE_PAGES_MAX = 20;

export function useMyBundles() {
  return useQuery({
    queryKey: myBundlesKey,
    queryFn: ({ signal }) => api.get('/api/me/bundles', { signal }),
  });
}

/** Every listed workflow of the seller (a bundle may only hold those), in the order they are listed. */
export function useBundleCandidates() {
  return useQuery({
    queryKey: bundleCandidatesKey,
    queryFn: async ({ signal }): Promise<MyWorkflow[]> => {
      const all: MyWorkflow[] = [];
      for (let page = 0; page < CANDIDATE_PAGES_MAX; page += 1) {
        const answer = await api.get('/api/me/workflows', { query: { page }, signal });
        all.push(...answer.workflows);
        if (answer.workflows.length < answer.pageSize || all.length >= answer.filteredCount) break;
      }
      return all.filter((workflow) => workflow.status === 'listed');
    },
  });
}

const refreshed = [bundlesKeys.all] as const;

export function useCreateBundle() {
  return useRefreshingMutation((body: CreateBundleInput) => api.post('/api/bundles', { body }), refreshed);
}

export function useUpdateBundle() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: UpdateBundleInput }) =>
      api.patch('/api/bundles/:id', { params: { id }, body }),
    refreshed,
  );
}

export function useDeleteBundle() {
  return useRefreshingMutation((id: string) => api.delete('/api/bundles/:id', { params: { id } }), refreshed);
}
