import { useMutation } from '@tanstack/react-query';
import type { TestGatewayCompleteBody, TestGatewayCompleteResponse } from '@flowbay/domain';
import { api } from '@/lib/api-client';

function completeTestPayment(body: TestGatewayCompleteBody): Promise<TestGatewayCompleteResponse> {
  return api.post('/api/payments/test-gateway/complete', { body });
}

/** Pay or cancel on the test gateway; the caller follows `redirect_url` back to the shop. */
export function useCompleteTestPayment() {
  return useMutation({ mutationFn: completeTestPayment });
}
