import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundleDetail } from '@/test/bundles';
import { inLanguage, renderInApp } from '@/test/render';
import { Component as BundlePage } from './bundle';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BUNDLE = bundleDetail();

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
      'Mỗi quy trình kèm Giấy phép Cá nhân',
    );
  });
});
