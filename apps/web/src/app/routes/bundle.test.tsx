import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { Component as BundlePage } from './bundle';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BUNDLE = {
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
  workflows: [],
  workflow_ids: [],
  offer: null,
};

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === `/api/bundles/${BUNDLE.slug}`) return Response.json(BUNDLE);
      if (url === '/api/payments/providers') {
        return Response.json({ providers: [{ id: 'test', test_mode: true }] });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'no' } }, { status: 404 });
    }),
  );
}

function renderPage() {
  return renderInApp(
    <Routes>
      <Route path="/bundles/:slug" element={<BundlePage />} />
    </Routes>,
    { path: `/bundles/${BUNDLE.slug}` },
  );
}

describe('a bundle’s page', () => {
  it('says which licence buying it grants, in English and Vietnamese', async () => {
    await inLanguage('en');
    stubApi();
    renderPage();
    expect((await screen.findByTestId('bundle-licence')).textContent).toContain(
      'Each workflow comes with its Personal licence',
    );
    cleanup();
    await inLanguage('vi');
    renderPage();
    expect((await screen.findByTestId('bundle-licence')).textContent).toContain(
      'Mỗi workflow kèm Giấy phép Cá nhân',
    );
  });
});
