import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';

function recordView(workflowId: string): Promise<{ views: number; counted: boolean }> {
  return api.post('/api/workflows/:id/views', { params: { id: workflowId } });
}

/** Records one view per page view; failures are ignored. */
export function useRecordView(workflowId: string | undefined) {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!workflowId || recorded.current === workflowId) return;
    recorded.current = workflowId;
    recordView(workflowId).catch(() => undefined);
  }, [workflowId]);
}
