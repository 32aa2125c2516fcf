import type { AdminPaymentIncident } from '@flowbay/domain';

/**
 * A payment incident as the admin API answers it, for the web tests: a Stripe payment for a workflow
 * the buyer already owned, refunded at the first attempt a minute later. `overrides` set what a test
 * is about.
 */
export function paymentIncident(
  code: string,
  overrides: Partial<AdminPaymentIncident> = {},
): AdminPaymentIncident {
  return {
    order_code: code,
    kind: 'already_owned',
    outcome: 'refunded',
    order_state_before: 'pending',
    order_state: 'refunded',
    amount: 1_250_000,
    currency: 'VND',
    provider: 'stripe',
    provider_ref: 'pi_test_1',
    workflow: { id: 'w1', title: 'Invoice alerts' },
    buyer: { id: 'b1', name: 'Nguyễn Lan', email: 'lan@example.com' },
    refund_attempts: 1,
    last_error: null,
    refund_ref: 're_test_1',
    received_amount: null,
    created_at: '2026-11-27T08:00:00.000Z',
    resolved_at: '2026-11-27T08:01:00.000Z',
    ...overrides,
  };
}
