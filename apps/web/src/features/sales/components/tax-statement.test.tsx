import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { inLanguage } from '@/test/render';
import { TaxStatementSheet } from './tax-statement';

afterEach(cleanup);
afterAll(() => i18n.changeLanguage('en'));

const STATEMENT = {
  year: 2026,
  seller: {
    kind: 'individual' as const,
    legal_name: 'Trần Thị Mai',
    tax_id: '•••••••••234',
    address: '12 Lê Lợi, Huế',
  },
  months: [
    { month: '2026-06', gross: 300_000, vat: 15_000, pit: 6_000 },
    { month: '2026-07', gross: -100_000, vat: -5_000, pit: -2_000 },
  ],
  totals: { gross: 200_000, vat: 10_000, pit: 4_000 },
};

describe('the yearly withholding statement', () => {
  it('names the seller with the tax ID masked, the period, each month and the year’s totals', async () => {
    await inLanguage('en');
    const { container } = render(<TaxStatementSheet statement={STATEMENT} />);
    expect(screen.getByRole('heading', { name: 'Statement of tax withheld, 2026' })).toBeTruthy();
    expect(screen.getByTestId('statement-name').textContent).toBe('Trần Thị Mai');
    expect(screen.getByTestId('statement-tax-id').textContent).toBe('•••••••••234');
    expect(screen.getByText('1 January 2026 – 31 December 2026')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'June',
      'July',
      'Total',
    ]);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['200,000 VNĐ', '10,000 VNĐ', '4,000 VNĐ']);
    // Printed, only the statement shows.
    expect(container.querySelector('style')?.textContent).toContain('@media print');
    expect(container.querySelector('article')?.id).toBe('tax-statement');
  });

  it('in Vietnamese, speaks of thuế GTGT and thuế TNCN', async () => {
    await inLanguage('vi');
    render(<TaxStatementSheet statement={STATEMENT} />);
    expect(screen.getByRole('heading', { name: 'Bảng kê thuế đã khấu trừ năm 2026' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Thuế GTGT khấu trừ' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Thuế TNCN khấu trừ' })).toBeTruthy();
  });
});
