import type { BundleCard, BundleDetail } from '@flowbay/domain';

/**
 * A listed bundle for sale as the API answers it, for the web tests: two workflows worth 248,000 đ
 * one by one, sold together for 199,000 đ. `overrides` set what a test is about.
 */
export function bundleCard(overrides: Partial<BundleCard> = {}): BundleCard {
  return {
    id: '00000000-0000-4000-8000-000000000009',
    slug: 'sales-starter',
    title: 'Sales starter',
    description: 'Two flows',
    price: 199_000,
    status: 'listed',
    seller: { id: 'seller', name: 'An' },
    item_count: 2,
    items_price: 248_000,
    savings: 49_000,
    for_sale: true,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The bundle's page as an anonymous visitor reads it (no offer), with these item ids. */
export function bundleDetail(workflowIds: string[] = [], overrides: Partial<BundleCard> = {}): BundleDetail {
  return { ...bundleCard(overrides), workflows: [], workflow_ids: workflowIds, offer: null };
}
