import type { PayoutAccountBody, PayoutAccountResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { salesKeys } from './query-keys';

function setPayoutAccount(body: PayoutAccountBody): Promise<PayoutAccountResponse> {
  return api.put('/api/me/payout-account', { body });
}

/** A saved account changes the dashboard (its account and whether a payout can be requested). */
export function useSetPayoutAccount() {
  return useRefreshingMutation(setPayoutAccount, [salesKeys.dashboard()]);
}
