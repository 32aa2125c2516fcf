import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGES } from '@flowbay/domain/routes';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { Component as AdminTaxStatementPage } from './admin-tax-statement';

beforeAll(() => inLanguage('en'));
// The test set-up unmounts after each test; the stubs are this file's to undo.
afterEach(() => vi.unstubAllGlobals());

const STATEMENT = {
  year: 2025,
  seller: {
    kind: 'individual',
    legal_name: 'Trần Thị Mai',
    tax_id: '079201001234',
    address: '12 Lê Lợi, Huế',
  },
  months: [{ month: '2025-08', gross: 300_000, vat: 15_000, pit: 6_000 }],
  totals: { gross: 300_000, vat: 15_000, pit: 6_000 },
};

function openPage(path: string) {
  return renderInApp(
    <Routes>
      <Route path={PAGES.adminTaxStatement.pattern} element={<AdminTaxStatementPage />} />
    </Routes>,
    { path },
  );
}

describe('an admin’s copy of a seller’s tax statement', () => {
  it('asks the admin API for the address’s seller and year and shows the tax code in full', async () => {
    const calls = stubFetch((call) =>
      call.url.startsWith('/api/admin/sellers/u1/tax-statement') ? Response.json(STATEMENT) : undefined,
    );
    openPage('/admin/sellers/u1/tax-statement?year=2025');
    expect((await screen.findByTestId('statement-tax-id')).textContent).toBe('079201001234');
    expect(calls.map((call) => call.url)).toContain('/api/admin/sellers/u1/tax-statement?year=2025');
    expect(screen.getByTestId('statement-name').textContent).toBe('Trần Thị Mai');
    expect(screen.getByRole('heading', { name: 'Statement of tax withheld, 2025' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Seller’s tax withholding statement' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('in Vietnamese, names the page Chứng từ khấu trừ', async () => {
    await inLanguage('vi');
    stubFetch((call) =>
      call.url.startsWith('/api/admin/sellers/u1/tax-statement') ? Response.json(STATEMENT) : undefined,
    );
    openPage('/admin/sellers/u1/tax-statement?year=2025');
    expect(await screen.findByRole('heading', { name: 'Chứng từ khấu trừ thuế của người bán' })).toBeTruthy();
    await inLanguage('en');
  });
});
