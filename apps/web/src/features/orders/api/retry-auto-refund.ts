import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { commerceKeys } from './query-keys';

/**
 * Puts a failed automatic refund back in the queue: the incidents and the orders it refunds reload
 * (every admin list of the buying feature).
 */
export function useRetryAutoRefund() {
  return useRefreshingMutation(
    (code: string) => api.post('/api/admin/payment-incidents/:code/retry-refund', { params: { code } }),
    [commerceKeys.admin()],
  );
}
