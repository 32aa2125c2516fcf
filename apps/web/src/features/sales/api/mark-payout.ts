import type { AdminPayoutResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { salesKeys } from './query-keys';

export type PayoutDecision =
  { id: string; state: 'paid'; transferRef: string } | { id: string; state: 'failed'; reason: string };

function markPayout(decision: PayoutDecision): Promise<AdminPayoutResponse> {
  const params = { id: decision.id };
  return decision.state === 'paid'
    ? api.post('/api/admin/payouts/:id/paid', { params, body: { transfer_ref: decision.transferRef } })
    : api.post('/api/admin/payouts/:id/failed', { params, body: { reason: decision.reason } });
}

/** Paid or failed: the queue, the revenue view's pending payouts change. */
export function useMarkPayout() {
  return useRefreshingMutation(markPayout, [salesKeys.admin()]);
}
