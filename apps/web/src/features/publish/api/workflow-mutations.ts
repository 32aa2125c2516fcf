import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateVersionInput, CreateWorkflowInput, UpdateWorkflowInput } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';

/** Lists, the detail, versions and the author's own list all may show what changed. */
function refreshWorkflowQueries(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: sharedKeys.workflows });
  void queryClient.invalidateQueries({ queryKey: sharedKeys.myWorkflows });
  void queryClient.invalidateQueries({ queryKey: sharedKeys.admin });
}

function createWorkflow(input: CreateWorkflowInput) {
  return api.post('/api/workflows', { body: input });
}

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWorkflow, onSuccess: () => refreshWorkflowQueries(queryClient) });
}

export function useUpdateWorkflow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateWorkflowInput) =>
      api.put('/api/workflows/:id', { params: { id }, body: input }),
    onSuccess: () => refreshWorkflowQueries(queryClient),
  });
}

export function useDeleteWorkflow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/api/workflows/:id', { params: { id } }),
    onSuccess: () => refreshWorkflowQueries(queryClient),
  });
}

export function useCreateVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVersionInput) =>
      api.post('/api/workflows/:id/versions', { params: { id }, body: input }),
    onSuccess: () => refreshWorkflowQueries(queryClient),
  });
}
