import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BundleCard } from '@flowbay/domain';
import { i18n, initI18n } from '@/i18n';
import { BundleStrip } from './bundle-card';

beforeAll(() => initI18n('en'));
afterEach(cleanup);
afterAll(() => i18n.changeLanguage('en'));

const bundle: BundleCard = {
  id: '0b8a1f7e-2c3d-4e5f-8a9b-1c2d3e4f5a6b',
  slug: 'tron-bo-ban-hang',
  title: 'Trọn bộ bán hàng',
  description: 'Three workflows for a small shop',
  price: 150_000,
  status: 'listed',
  seller: { id: 'seller', name: 'Lan' },
  item_count: 3,
  items_price: 180_000,
  savings: 30_000,
  for_sale: true,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

function show(bundles: BundleCard[]) {
  return render(
    <MemoryRouter>
      <BundleStrip bundles={bundles} />
    </MemoryRouter>,
  );
}

describe('BundleStrip', () => {
  it('marks each card "Bundle" with its workflow count, price, savings and a link to its page', async () => {
    await i18n.changeLanguage('en');
    show([bundle]);
    const card = within(screen.getByTestId('bundle-card'));
    expect(card.getByText('Bundle')).toBeTruthy();
    expect(card.getByText('3 workflows')).toBeTruthy();
    expect(card.getByText('150,000 VNĐ')).toBeTruthy();
    expect(card.getByText('Save 30,000 VNĐ')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Trọn bộ bán hàng' }).getAttribute('href')).toBe(
      '/bundles/tron-bo-ban-hang',
    );
  });

  it('speaks Vietnamese, and shows nothing when no bundle matches', async () => {
    await i18n.changeLanguage('vi');
    show([bundle]);
    const card = within(screen.getByTestId('bundle-card'));
    expect(card.getByText('Combo')).toBeTruthy();
    expect(card.getByText('Tiết kiệm 30.000 VNĐ')).toBeTruthy();
    cleanup();
    show([]);
    expect(screen.queryByTestId('bundle-strip')).toBeNull();
  });
});
