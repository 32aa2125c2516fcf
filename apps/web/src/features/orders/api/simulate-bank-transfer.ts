import { useMutation } from '@tanstack/react-query';
import type { TestGatewayTransferResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';

function simulateBankTransfer(code: string): Promise<TestGatewayTransferResponse> {
  return api.post('/api/payments/test-gateway/payos-transfer', { body: { order_code: code } });
}

/**
 * The test gateway's "Simulate the bank transfer": its payOS stand-in sends the signed webhook to
 * the server, and the order page's polling sees the order paid.
 */
export function useSimulateBankTransfer() {
  return useMutation({ mutationFn: simulateBankTransfer });
}
