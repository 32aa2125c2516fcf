import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SalesDashboard } from '@flowbay/domain';
import { inLanguage, renderInApp } from '@/test/render';
import { BalancesPanel } from './sales';

/** The part of the dashboard the balances panel reads. */
function dashboard(available: number): SalesDashboard {
  return {
    balances: { pending: 50_000, available, in_payment: 0, paid_out: 270_000 },
    fee_percent: 10,
    payout_minimum: 200_000,
    payout_blocker: available < 200_000 ? 'below_minimum' : null,
    account: {
      bank_code: 'VCB',
      bank_short_name: 'Vietcombank',
      account_number: '•••••••••5678',
      holder_name: 'PHAM THU HA',
      updated_at: '2026-08-01T00:00:00.000Z',
      payouts_blocked_until: '2026-08-03T00:00:00.000Z',
    },
  } as SalesDashboard;
}

describe('the balances', () => {
  it('below zero say what is owed and how it is paid back, never that a payout can be requested', async () => {
    await inLanguage('en');
    renderInApp(<BalancesPanel data={dashboard(-12_000)} />);
    expect(screen.getByText('You owe')).toBeTruthy();
    expect(screen.getByTestId('balance-available').textContent).toMatch(/^12[.,]000/);
    expect(screen.getByTestId('payout-note').textContent).toMatch(
      /^You owe 12[.,]000.*: it is taken from your next sales\.$/,
    );
    expect(document.body.textContent).not.toMatch(/pay out now|once at least/i);
    expect((screen.getByRole('button', { name: 'Request payout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('in Vietnamese too', async () => {
    await inLanguage('vi');
    renderInApp(<BalancesPanel data={dashboard(-12_000)} />);
    expect(screen.getByTestId('payout-note').textContent).toMatch(/^Bạn đang nợ 12\.000/);
    await inLanguage('en');
  });

  it('at or above zero keep the available balance and what a payout would pay', async () => {
    await inLanguage('en');
    renderInApp(<BalancesPanel data={dashboard(450_000)} />);
    expect(screen.getByText('Available')).toBeTruthy();
    expect(screen.queryByText('You owe')).toBeNull();
    expect(screen.getByTestId('payout-note').textContent).toMatch(/Pays your whole available balance \(450/);
  });
});
