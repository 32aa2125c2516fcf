import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { AdminTaxReportPanel, lastMonth } from './admin-tax-report-panel';

beforeAll(() => inLanguage('en'));
// The test set-up unmounts after each test; the stubs are this file's to undo.
afterEach(() => vi.unstubAllGlobals());

const REPORT = {
  month: '2026-05',
  sellers: [
    {
      seller_id: 'u1',
      kind: 'individual',
      legal_name: 'Trần Thị Mai',
      tax_id: '079201001234',
      gross: 300_000,
      vat: 15_000,
      pit: 6_000,
    },
    {
      seller_id: 'u2',
      kind: 'individual',
      legal_name: null,
      tax_id: null,
      gross: 99_990,
      vat: 5_000,
      pit: 2_000,
    },
  ],
  totals: { gross: 399_990, vat: 20_000, pit: 8_000 },
};

describe('the admins’ tax report', () => {
  it('opens on last month in Vietnam time', () => {
    expect(lastMonth(new Date('2026-06-10T03:00:00Z'))).toBe('2026-05');
    // 1 January, 02:00 in Vietnam is still 31 December in UTC: last month is December.
    expect(lastMonth(new Date('2025-12-31T19:00:00Z'))).toBe('2025-12');
    expect(lastMonth(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
  });

  it('lists each seller’s legal name, full tax code, gross, VAT and PIT, then the totals, and links the CSV', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-10T03:00:00Z'), toFake: ['Date'] });
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify(REPORT), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderInApp(<AdminTaxReportPanel />);
    vi.useRealTimers();
    const table = await screen.findByRole('table');
    expect(String((fetch.mock.calls[0] as unknown as [string])[0])).toContain(
      '/api/admin/tax-report?month=2026-05',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Trần Thị Mai');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['079201001234', '300,000 VNĐ', '15,000 VNĐ', '6,000 VNĐ']);
    expect(rows[1]!.textContent).toContain('(no tax profile yet)');
    expect(within(rows[2]!).getByRole('rowheader').textContent).toBe('Total');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '399,990 VNĐ', '20,000 VNĐ', '8,000 VNĐ']);
    // Each seller links to their yearly statement for the report's year (the admin's page, tax code in full).
    expect(within(rows[0]!).getByRole('link', { name: 'Statement' }).getAttribute('href')).toBe(
      '/admin/sellers/u1/tax-statement?year=2026',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Statement' }).getAttribute('href')).toBe(
      '/admin/sellers/u2/tax-statement?year=2026',
    );
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(screen.getByRole('link', { name: 'Export tax report (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/tax-report.csv?month=2026-05',
    );
  });
});
