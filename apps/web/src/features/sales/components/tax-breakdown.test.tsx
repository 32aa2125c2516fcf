import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { inLanguage } from '@/test/render';
import { TaxBreakdown } from './tax-breakdown';

afterEach(cleanup);
afterAll(() => i18n.changeLanguage('en'));

// 200 000 đ at a 10 % fee, 5 % VAT and 2 % PIT: 20 000 + 10 000 + 4 000, the seller gets 166 000.
const MONTHS = [
  { period: '2026-02', gross: 0, fee: 0, vat: 0, pit: 0, net: 0 },
  { period: '2026-03', gross: 299_990, fee: 29_999, vat: 15_000, pit: 6_000, net: 248_991 },
];
const SALES = [
  {
    order_code: 'FB-2',
    workflow_title: 'Invoice chaser',
    paid_at: '2026-03-05T03:00:00Z',
    gross: 200_000,
    fee: 20_000,
    vat: 10_000,
    pit: 4_000,
    net: 166_000,
    refunded: false,
  },
  {
    order_code: 'FB-1',
    workflow_title: 'Lead router',
    paid_at: '2026-03-02T03:00:00Z',
    gross: 99_990,
    fee: 9_999,
    vat: 5_000,
    pit: 2_000,
    net: 82_991,
    refunded: true,
  },
];

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the fee and tax breakdown', () => {
  it('shows per month, newest first, what buyers paid, the fee, the VAT and PIT withheld and the net', async () => {
    await inLanguage('en');
    render(<TaxBreakdown months={MONTHS} sales={SALES} />);
    const [monthTable, saleTable] = screen.getAllByRole('table');
    const headers = within(monthTable!)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Month',
      'Buyer paid',
      'Platform fee',
      'VAT withheld',
      'PIT withheld',
      'You receive',
    ]);
    const [march, february] = within(monthTable!).getAllByRole('row').slice(1);
    expect(within(march!).getByRole('rowheader').textContent).toBe('March 2026');
    expect(cellsOf(march!)).toEqual(['299,990 VNĐ', '29,999 VNĐ', '15,000 VNĐ', '6,000 VNĐ', '248,991 VNĐ']);
    expect(cellsOf(february!)).toEqual(['0 VNĐ', '0 VNĐ', '0 VNĐ', '0 VNĐ', '0 VNĐ']);

    const [chaser, router] = within(saleTable!).getAllByRole('row').slice(1);
    expect(within(chaser!).getByRole('rowheader').textContent).toContain('Invoice chaser');
    expect(cellsOf(chaser!)).toEqual(['200,000 VNĐ', '20,000 VNĐ', '10,000 VNĐ', '4,000 VNĐ', '166,000 VNĐ']);
    expect(within(router!).getByRole('rowheader').textContent).toContain('refunded');
  });

  it('speaks Vietnamese: thuế GTGT and thuế TNCN, amounts grouped with dots', async () => {
    await inLanguage('vi');
    render(<TaxBreakdown months={MONTHS} sales={SALES} />);
    const [monthTable] = screen.getAllByRole('table');
    expect(within(monthTable!).getByRole('columnheader', { name: 'Thuế GTGT khấu trừ' })).toBeTruthy();
    expect(within(monthTable!).getByRole('columnheader', { name: 'Thuế TNCN khấu trừ' })).toBeTruthy();
    const march = within(monthTable!).getAllByRole('row')[1]!;
    expect(cellsOf(march)).toEqual(['299.990 VNĐ', '29.999 VNĐ', '15.000 VNĐ', '6.000 VNĐ', '248.991 VNĐ']);
  });

  it('says so when there are no sales yet', async () => {
    await inLanguage('en');
    render(<TaxBreakdown months={MONTHS} sales={[]} />);
    expect(screen.getByText('No sales yet.')).toBeTruthy();
  });
});
