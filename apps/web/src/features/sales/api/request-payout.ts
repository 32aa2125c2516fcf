import type { PayoutResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { salesKeys } from './query-keys';

function requestPayout(): Promise<PayoutResponse> {
  return api.post('/api/me/payouts');
}

export function useRequestPayout() {
  return useRefreshingMutation(requestPayout, [salesKeys.dashboard()]);
}
