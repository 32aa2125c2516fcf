import { useQuery } from '@tanstack/react-query';
import type { AdminReport } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { definePageQuery, defineQuery } from '@/lib/query';
import { sharedKeys } from '@/lib/query-keys';
import { moderationKeys } from './query-keys';

/** The queue's shapes, from the same schemas the server answers with. */
export type { AdminReport, QueueItem, QueueVersion, ModerationQueue } from '@flowbay/domain';

export function moderationQueueQueryOptions(page: number) {
  return definePageQuery(moderationKeys.queue(page), (signal) =>
    api.get('/api/admin/reviews', { query: { page }, signal }),
  );
}

export function useModerationQueue(page: number) {
  return useQuery(moderationQueueQueryOptions(page));
}

export function reportsQueryOptions(status: AdminReport['status']) {
  return defineQuery(moderationKeys.reports(status), (signal) =>
    api.get('/api/admin/reports', { query: { status }, signal }),
  );
}

export function useReports(status: AdminReport['status']) {
  return useQuery(reportsQueryOptions(status));
}

/** A decision changes the queue, the catalogue and the author's view of their workflow. */
function useModerationMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  return useRefreshingMutation(mutationFn, [moderationKeys.all, sharedKeys.workflows]);
}

/** Approves a submission; `note` says why (required when its file has a high-severity finding). */
export function useApprove() {
  return useModerationMutation(({ workflowId, note }: { workflowId: string; note?: string }) =>
    api.post('/api/admin/workflows/:id/approve', {
      params: { id: workflowId },
      body: note ? { note } : {},
    }),
  );
}

export function useReject() {
  return useModerationMutation(({ workflowId, reason }: { workflowId: string; reason: string }) =>
    api.post('/api/admin/workflows/:id/reject', { params: { id: workflowId }, body: { reason } }),
  );
}

export function useResolveReport() {
  return useModerationMutation(({ reportId, action }: { reportId: string; action: 'unlist' | 'dismiss' }) =>
    api.post('/api/admin/reports/:id/resolve', { params: { id: reportId }, body: { action } }),
  );
}
