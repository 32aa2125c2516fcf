import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export interface WorkflowReportReceipt {
  id: string;
  workflow_id: string;
  reason: ReportReason;
  status: string;
  created_at: string;
}

export function useReportWorkflow(workflowId: string) {
  return useMutation({
    mutationFn: (input: { reason: ReportReason; details: string }) =>
      api.post<WorkflowReportReceipt>(`/api/workflows/${workflowId}/reports`, input),
  });
}
