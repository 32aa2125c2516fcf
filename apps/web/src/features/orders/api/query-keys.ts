import type { OrderState } from '@flowbay/domain';

/** Every query of the buying feature; mutations invalidate through these. */
export const commerceKeys = {
  all: ['commerce'] as const,
  providers: () => [...commerceKeys.all, 'providers'] as const,
  order: (code: string) => [...commerceKeys.all, 'order', code] as const,
  purchases: () => [...commerceKeys.all, 'purchases'] as const,
  quote: (workflowId: string, licence: string, code: string) =>
    [...commerceKeys.all, 'quote', workflowId, licence, code] as const,
  sellerRefundRequests: () => [...commerceKeys.all, 'seller-refund-requests'] as const,
  testGatewaySession: (search: string) => [...commerceKeys.all, 'test-gateway', search] as const,
  admin: () => [...commerceKeys.all, 'admin'] as const,
  adminOrders: (filters: { q: string; state: OrderState | ''; page: number }) =>
    [...commerceKeys.admin(), 'orders', filters] as const,
  refundRequests: () => [...commerceKeys.admin(), 'refund-requests'] as const,
  paymentIncidents: (page: number) => [...commerceKeys.admin(), 'payment-incidents', page] as const,
};
