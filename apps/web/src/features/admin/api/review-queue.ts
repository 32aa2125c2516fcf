import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DuplicateMatch, NodeSummary, PlatformCheck, ReportReason, VersionDiff } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export interface QueueVersion {
  id: string;
  version: string;
  created_at: string;
  download_url: string;
  checks: {
    format: string | null;
    size: number;
    sha256: string;
    node_summary: NodeSummary | null;
    requirements: { credentials: { app: string; type: string }[]; communityPackages: string[] } | null;
    secrets: { found: number; redacted: { node: string; path: string; kind: string }[] };
    warnings: { code: string; message: string }[];
  };
  /** Against the listed version; null for a workflow never listed. */
  diff: VersionDiff | null;
  duplicates: DuplicateMatch[];
}

export interface QueueItem {
  kind: 'new' | 'update';
  submitted_at: string;
  open_reports: number;
  workflow: {
    id: string;
    slug: string;
    title: string;
    description: string;
    price: number;
    status: string;
    cover_image_url: string | null;
    tested_with: string | null;
    created_at: string;
    category_ids: string[];
    subcategory_ids: string[];
    author: { id: string; name: string; email: string };
  };
  versions: QueueVersion[];
  platforms: PlatformCheck;
  edit: { id: string; created_at: string; changes: Record<string, unknown> } | null;
}

export interface ReviewQueue {
  total: number;
  page: number;
  pageSize: number;
  items: QueueItem[];
}

export interface AdminReport {
  id: string;
  workflow_id: string;
  workflow_title: string;
  workflow_status: string;
  reporter_id: string | null;
  reason: ReportReason;
  details: string;
  status: 'open' | 'unlisted' | 'dismissed';
  created_at: string;
  resolved_at: string | null;
}

export function reviewQueueQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['admin', 'reviews', page],
    queryFn: ({ signal }) => api.get<ReviewQueue>('/api/admin/reviews', { page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReviewQueue(page: number) {
  return useQuery(reviewQueueQueryOptions(page));
}

export function reportsQueryOptions(status: AdminReport['status']) {
  return queryOptions({
    queryKey: ['admin', 'reports', status],
    queryFn: ({ signal }) => api.get<AdminReport[]>('/api/admin/reports', { status }, signal),
  });
}

export function useReports(status: AdminReport['status']) {
  return useQuery(reportsQueryOptions(status));
}

/** A decision changes the queue, the catalogue and the author's view of their workflow. */
function useAdminMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['workflows'] });
    },
  });
}

export function useApprove() {
  return useAdminMutation((workflowId: string) => api.post(`/api/admin/workflows/${workflowId}/approve`));
}

export function useReject() {
  return useAdminMutation(({ workflowId, reason }: { workflowId: string; reason: string }) =>
    api.post(`/api/admin/workflows/${workflowId}/reject`, { reason }),
  );
}

export function useResolveReport() {
  return useAdminMutation(({ reportId, action }: { reportId: string; action: 'unlist' | 'dismiss' }) =>
    api.post(`/api/admin/reports/${reportId}/resolve`, { action }),
  );
}
