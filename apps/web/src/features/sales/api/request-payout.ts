import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { salesKeys } from './query-keys';

function requestPayout(): Promise<PayoutResponse> {
  return api.post('/api/me/payouts');
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: salesKeys.dashboard() }),
  });
}
