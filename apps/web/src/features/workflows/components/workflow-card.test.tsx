import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WorkflowCard as WorkflowCardData } from '@flowbay/domain';
import { renderInApp, inLanguage } from '@/test/render';
import { WorkflowCard } from './workflow-card';

function card(overrides: Partial<WorkflowCardData> = {}): WorkflowCardData {
  return {
    id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
    number: 42,
    slug: 'sync-shopify-orders',
    title: 'Sync Shopify orders',
    description: '**Copies** every new order into a sheet.',
    price: 199_000,
    cover_image_url: null,
    cover_thumb_url: null,
    version: '1.0.0',
    views: 1_234,
    favorites_count: 7,
    downloads: 56,
    rating_average: 4.5,
    rating_count: 12,
    user_id: 'author-1',
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    status: 'listed',
    profiles: { id: 'author-1', full_name: 'Lan Nguyen', display_name: null, avatar_url: null },
    categories: [{ id: 'c1', name: 'E-commerce', name_vi: 'Thương mại điện tử' }],
    workflow_subcategories: [
      { subcategory_id: 's1', subcategories: { id: 's1', name: 'Orders', name_vi: 'Đơn hàng' } },
    ],
    node_summary: null,
    compat: null,
    setup: null,
    ...overrides,
  };
}

describe('workflow card', () => {
  it('links its title to the workflow and shows price, plain description, rating and author', async () => {
    await inLanguage('en');
    renderInApp(<WorkflowCard workflow={card()} />);
    const link = screen.getByRole('link', { name: 'Sync Shopify orders' });
    expect(link.getAttribute('href')).toBe(
      '/workflows/sync-shopify-orders-8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
    );
    expect(screen.getByText('199,000 VNĐ')).toBeTruthy();
    expect(screen.getByText('Copies every new order into a sheet.')).toBeTruthy();
    expect(screen.getByTestId('card-rating').textContent).toContain('4.5');
    expect(screen.getByText('Lan Nguyen')).toBeTruthy();
    expect(screen.getByText('E-commerce')).toBeTruthy();
    expect(screen.getByText('Orders')).toBeTruthy();
  });

  it('says when nobody rated it, in Vietnamese with Vietnamese names', async () => {
    await inLanguage('vi');
    renderInApp(<WorkflowCard workflow={card({ rating_average: null, rating_count: 0, price: 0 })} />);
    expect(screen.queryByTestId('card-rating')).toBeNull();
    expect(screen.getByText('Miễn phí')).toBeTruthy();
    expect(screen.getByText('Thương mại điện tử')).toBeTruthy();
    expect(screen.getByText('Đơn hàng')).toBeTruthy();
  });
});
