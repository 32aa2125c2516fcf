import type { OrderSummary } from '@flowbay/domain';

/**
 * A paid order as the API answers it, for the web tests: a VNPay payment made a minute after the
 * order was placed, no refund asked. `overrides` set what a test is about.
 */
export function paidOrder(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    code: 'FB-7K3M-Q9XD',
    state: 'paid',
    amount: 1_250_000,
    currency: 'VND',
    provider: 'vnpay',
    workflow: {
      id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
      number: 42,
      title: 'Slack invoice alerts',
      slug: 'slack-invoice-alerts',
      deleted: false,
    },
    seller: { id: 'seller-1', name: 'Trần Quốc Bảo' },
    buyer_name: 'Nguyễn Thị Lan',
    licence: 'personal',
    upgrade_from: null,
    list_price: 1_250_000,
    discount_code: null,
    discount_amount: 0,
    created_at: '2026-11-20T08:00:00.000Z',
    paid_at: '2026-11-20T08:01:00.000Z',
    expires_at: '2026-11-20T08:15:00.000Z',
    refunded_at: null,
    provider_ref: '14567890',
    refund_request: null,
    can_request_refund: true,
    payment_incident: null,
    ...overrides,
  };
}
