import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayoutResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { salesKeys } from './query-keys';

export type PayoutDecision =
  { id: string; state: 'paid'; transferRef: string } | { id: string; state: 'failed'; reason: string };

export function markPayout(decision: PayoutDecision): Promise<AdminPayoutResponse> {
  const path = `/api/admin/payouts/${encodeURIComponent(decision.id)}/${decision.state}`;
  return decision.state === 'paid'
    ? api.post<AdminPayoutResponse>(path, { transfer_ref: decision.transferRef })
    : api.post<AdminPayoutResponse>(path, { reason: decision.reason });
}

/** Paid or failed: the queue, the revenue view's pending payouts change. */
export function useMarkPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPayout,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: salesKeys.admin() }),
  });
}
