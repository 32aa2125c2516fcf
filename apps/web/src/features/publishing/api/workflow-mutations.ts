import type { CreateVersionInput, CreateWorkflowInput, UpdateWorkflowInput } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { sharedKeys } from '@/lib/query-keys';

/** Lists, the detail, versions and the author's own list all may show what changed. */
const WORKFLOW_QUERIES = [sharedKeys.workflows, sharedKeys.myWorkflows, sharedKeys.admin];

export function useCreateWorkflow() {
  return useRefreshingMutation(
    (input: CreateWorkflowInput) => api.post('/api/workflows', { body: input }),
    WORKFLOW_QUERIES,
  );
}

export function useUpdateWorkflow(id: string) {
  return useRefreshingMutation(
    (input: UpdateWorkflowInput) => api.put('/api/workflows/:id', { params: { id }, body: input }),
    WORKFLOW_QUERIES,
  );
}

export function useDeleteWorkflow(id: string) {
  return useRefreshingMutation(() => api.delete('/api/workflows/:id', { params: { id } }), WORKFLOW_QUERIES);
}

export function useCreateVersion(id: string) {
  return useRefreshingMutation(
    (input: CreateVersionInput) => api.post('/api/workflows/:id/versions', { params: { id }, body: input }),
    WORKFLOW_QUERIES,
  );
}
