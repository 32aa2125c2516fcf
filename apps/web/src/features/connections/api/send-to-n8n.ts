import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { connectionsKeys } from './query-keys';

export function useSendToN8n(workflowId: string) {
  return useRefreshingMutation(
    (connectionId: string) =>
      api.post('/api/workflows/:id/send-to-n8n', {
        params: { id: workflowId },
        body: { connection_id: connectionId },
      }),
    [connectionsKeys.all],
  );
}
