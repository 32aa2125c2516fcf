import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { commerceKeys } from './query-keys';

interface Decision {
  code: string;
  reason: string;
}

/** An administrator's answer about an order: the answered order replaces any open receipt, the admin lists reload. */
function useOrderDecision(send: (decision: Decision) => Promise<OrderResponse>, changesSales: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(commerceKeys.order(answer.order.code), answer);
      void queryClient.invalidateQueries({ queryKey: commerceKeys.admin() });
      if (changesSales) void queryClient.invalidateQueries({ queryKey: sharedKeys.workflows });
    },
  });
}

/** Approves an open request or refunds directly; the workflow's figures change too. */
export function useRefundOrder() {
  return useOrderDecision(
    ({ code, reason }) => api.post('/api/admin/orders/:code/refund', { params: { code }, body: { reason } }),
    true,
  );
}

/** Declines an open refund request. */
export function useDeclineRefund() {
  return useOrderDecision(
    ({ code, reason }) =>
      api.post('/api/admin/orders/:code/decline-refund', { params: { code }, body: { reason } }),
    false,
  );
}

/**
 * Records that the admin sent the money back by bank transfer (payOS has no refund API): the order
 * is refunded as by the Refund button, and the payment incidents reload too.
 */
export function useRefundedByTransfer() {
  return useOrderDecision(
    ({ code, reason }) =>
      api.post('/api/admin/orders/:code/refunded-by-transfer', {
        params: { code },
        body: { transfer_ref: reason },
      }),
    true,
  );
}
