import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { RevenueChart } from './revenue-chart';
import { inLanguage } from '@/test/render';

beforeAll(() => inLanguage('en'));
afterEach(cleanup);
afterAll(() => i18n.changeLanguage('en'));

const POINTS = [
  { period: '2026-03-01', sales: 0, gross: 0, earnings: 0 },
  { period: '2026-03-02', sales: 2, gross: 500_000, earnings: 450_000 },
  { period: '2026-03-03', sales: 1, gross: 100_000, earnings: 90_000 },
];

describe('the revenue chart', () => {
  it('reads each day with its sales and earnings, in the UI language', async () => {
    render(<RevenueChart points={POINTS} title="Earnings" />);
    const bars = within(screen.getByRole('list', { name: 'Earnings' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Mar 1: 0 sales, 0 VNĐ',
      'Mar 2: 2 sales, 450,000 VNĐ',
      'Mar 3: 1 sale, 90,000 VNĐ',
    ]);
    cleanup();
    await i18n.changeLanguage('vi');
    render(<RevenueChart points={POINTS} title="Thu nhập" />);
    const vi = within(screen.getByRole('list', { name: 'Thu nhập' })).getAllByRole('listitem');
    expect(vi[1]!.getAttribute('aria-label')).toBe('2 thg 3: 2 đơn, 450.000 VNĐ');
  });

  it('draws the tallest bar for the best day and none for a day without sales', () => {
    const { container } = render(<RevenueChart points={POINTS} title="Earnings" />);
    const heights = [...container.querySelectorAll('g[data-period] rect:last-of-type')].map((bar) =>
      Number(bar.getAttribute('height')),
    );
    expect(heights[0]).toBe(0);
    expect(heights[1]).toBeGreaterThan(heights[2]!);
  });

  it('labels the value axis (0, half, top) and the dates (first, middle, last) in the UI language', async () => {
    await i18n.changeLanguage('en');
    render(<RevenueChart points={POINTS} title="Earnings" />);
    const values = screen.getByTestId('chart-value-axis');
    expect([...values.children].map((tick) => tick.textContent)).toEqual(['450K', '225K', '0']);
    const dates = screen.getByTestId('chart-period-axis');
    expect([...dates.children].map((label) => label.textContent)).toEqual(['Mar 1', 'Mar 2', 'Mar 3']);
    cleanup();
    await i18n.changeLanguage('vi');
    render(<RevenueChart points={POINTS} title="Thu nhập" />);
    expect(screen.getByTestId('chart-period-axis').firstElementChild!.textContent).toBe('1 thg 3');
    await i18n.changeLanguage('en');
  });

  it('shows the value of the bar pointed at or focused as a tooltip, and hides it after', async () => {
    await i18n.changeLanguage('en');
    render(<RevenueChart points={POINTS} title="Earnings" />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    const bars = within(screen.getByRole('list', { name: 'Earnings' })).getAllByRole('listitem');
    fireEvent.mouseEnter(bars[1]!);
    expect(screen.getByRole('tooltip').textContent).toBe('Mar 2: 2 sales, 450,000 VNĐ');
    fireEvent.mouseLeave(screen.getByRole('list', { name: 'Earnings' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(bars[2]!);
    expect(screen.getByRole('tooltip').textContent).toBe('Mar 3: 1 sale, 90,000 VNĐ');
    fireEvent.blur(bars[2]!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
