import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useSendToMake(workflowId: string) {
  return useMutation({
    mutationFn: (connectionId: string) =>
      api.post('/api/workflows/:id/send-to-make', {
        params: { id: workflowId },
        body: { connection_id: connectionId },
      }),
  });
}
