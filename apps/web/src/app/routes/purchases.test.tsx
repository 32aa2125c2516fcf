import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '@flowbay/domain';
import { i18n } from '@/i18n';
import { stubFetch } from '@/test/api-stub';
import { paidOrder } from '@/test/orders';
import { inLanguage, renderInApp } from '@/test/render';
import { Component as PurchasesPage } from './purchases';

beforeAll(() => inLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('en'));

function purchase(overrides: Partial<Purchase> & { title: string; number: number }): Purchase {
  const { title, number, ...rest } = overrides;
  const slug = title.toLowerCase().replace(/ /g, '-');
  return {
    order: paidOrder({ code: `FB-AAAA-000${number}`, amount: 100_000 }),
    licence: 'personal',
    upgrades: [],
    workflow: {
      id: `0000000${number}-6a3c-4a0e-9a51-3f1b2c4d5e6f`,
      number,
      title,
      slug,
      platform: 'n8n',
      latest_version: '1.0',
      deleted: false,
    },
    ...rest,
  };
}

const LIBRARY = [
  purchase({
    title: 'Slack invoice alerts',
    number: 7,
    upgrades: [
      { tier: 'commercial', amount: 200_000 },
      { tier: 'agency', amount: 700_000 },
    ],
  }),
  purchase({ title: 'Zalo order alerts', number: 8, licence: 'agency' }),
];

function rows() {
  return screen.findAllByTestId('purchase');
}

describe('My purchases', () => {
  it('shows the licence held and offers each higher tier for the difference, linking to its upgrade', async () => {
    stubFetch((call) =>
      call.url === '/api/me/purchases' ? Response.json({ purchases: LIBRARY }) : undefined,
    );
    renderInApp(<PurchasesPage />, { path: '/me/purchases' });
    const [slack, zalo] = await rows();
    expect(within(slack!).getByTestId('purchase-licence').textContent).toBe('Personal licence');
    const commercial = within(slack!).getByRole('link', { name: 'Upgrade to Commercial (200,000 VNĐ)' });
    expect(commercial.getAttribute('href')).toBe(
      '/workflows/slack-invoice-alerts-00000007-6a3c-4a0e-9a51-3f1b2c4d5e6f?licence=commercial#buy',
    );
    const agency = within(slack!).getByRole('link', { name: 'Upgrade to Agency (700,000 VNĐ)' });
    expect(agency.getAttribute('href')).toBe(
      '/workflows/slack-invoice-alerts-00000007-6a3c-4a0e-9a51-3f1b2c4d5e6f?licence=agency#buy',
    );

    expect(within(zalo!).getByTestId('purchase-licence').textContent).toBe('Agency licence');
    expect(within(zalo!).queryByRole('link', { name: /Upgrade to/ })).toBeNull();
  });

  it('says it in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    stubFetch((call) =>
      call.url === '/api/me/purchases' ? Response.json({ purchases: LIBRARY }) : undefined,
    );
    renderInApp(<PurchasesPage />, { path: '/me/purchases' });
    const [slack] = await rows();
    expect(within(slack!).getByTestId('purchase-licence').textContent).toBe('Giấy phép Cá nhân');
    expect(within(slack!).getByRole('link', { name: 'Nâng cấp lên Thương mại (200.000 VNĐ)' })).toBeTruthy();
    expect(within(slack!).getByRole('link', { name: 'Nâng cấp lên Agency (700.000 VNĐ)' })).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('keeps a refunded purchase, marked refunded, with its receipt but nothing to download', async () => {
    const refunded = purchase({
      title: 'Refunded flow',
      number: 9,
      order: paidOrder({
        code: 'FB-AAAA-0009',
        amount: 100_000,
        state: 'refunded',
        refunded_at: '2026-11-21T08:00:00.000Z',
        can_request_refund: false,
      }),
    });
    stubFetch((call) =>
      call.url === '/api/me/purchases' ? Response.json({ purchases: [refunded, LIBRARY[1]] }) : undefined,
    );
    renderInApp(<PurchasesPage />, { path: '/me/purchases' });
    const [gone, kept] = await rows();
    expect(within(gone!).getByTestId('purchase-refunded').textContent).toBe('Refunded');
    expect(within(gone!).getByTestId('purchase-refunded-note').textContent).toMatch(/^Refunded on /);
    expect(within(gone!).queryByRole('button', { name: 'Download Refunded flow' })).toBeNull();
    expect(within(gone!).getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      '/orders/FB-AAAA-0009',
    );
    expect(within(kept!).getByRole('button', { name: 'Download Zalo order alerts' })).toBeTruthy();
    expect(within(kept!).queryByTestId('purchase-refunded')).toBeNull();
  });
});
