import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export function useReportWorkflow(workflowId: string) {
  return useMutation({
    mutationFn: (input: { reason: ReportReason; details: string }) =>
      api.post('/api/workflows/:id/reports', { params: { id: workflowId }, body: input }),
  });
}
