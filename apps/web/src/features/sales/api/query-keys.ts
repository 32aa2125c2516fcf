import type { PayoutStateValue } from '@flowbay/domain';

/** Every query of the selling feature; mutations invalidate through these. */
export const salesKeys = {
  all: ['sales'] as const,
  dashboard: () => [...salesKeys.all, 'dashboard'] as const,
  banks: () => [...salesKeys.all, 'banks'] as const,
  discountCodes: () => [...salesKeys.all, 'discount-codes'] as const,
  admin: () => [...salesKeys.all, 'admin'] as const,
  adminPayouts: (state: PayoutStateValue | '') => [...salesKeys.admin(), 'payouts', state] as const,
  adminRevenue: () => [...salesKeys.admin(), 'revenue'] as const,
};
