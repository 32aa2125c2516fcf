import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateVersionInput,
  CreateWorkflowInput,
  UpdateWorkflowInput,
  WorkflowDetail,
  WorkflowVersion,
} from '@flowbay/domain';
import { api } from '@/lib/api-client';

/** Lists, the detail, versions and the author's own list all may show what changed. */
function refreshWorkflowQueries(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['workflows'] });
  void queryClient.invalidateQueries({ queryKey: ['me', 'workflows'] });
  void queryClient.invalidateQueries({ queryKey: ['admin'] });
}

export function createWorkflow(input: CreateWorkflowInput) {
  return api.post<WorkflowDetail>('/api/workflows', input);
}

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWorkflow, onSuccess: () => refreshWorkflowQueries(queryClient) });
}

export function useUpdateWorkflow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateWorkflowInput) => api.put<WorkflowDetail>(`/api/workflows/${id}`, input),
    onSuccess: () => refreshWorkflowQueries(queryClient),
  });
}

export function useDeleteWorkflow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete<{ id: string; deleted: true; buyers_keep_access: boolean }>(`/api/workflows/${id}`),
    onSuccess: () => refreshWorkflowQueries(queryClient),
  });
}

export function useCreateVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVersionInput) =>
      api.post<WorkflowVersion>(`/api/workflows/${id}/versions`, input),
    onSuccess: () => refreshWorkflowQueries(queryClient),
  });
}
