import type { AdminPayoutsResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { salesKeys } from './query-keys';

function sendPayouts(ids: string[]): Promise<AdminPayoutsResponse> {
  return api.post('/api/admin/payouts/send', { body: { ids } });
}

/** Approved requested payouts go out through payOS: the queue and the revenue view change. */
export function useSendPayouts() {
  return useRefreshingMutation(sendPayouts, [salesKeys.admin()]);
}
