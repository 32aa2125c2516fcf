import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayout } from '@flowbay/domain';
import { inLanguage, renderInApp } from '@/test/render';
import { AdminPayoutsPanel } from './admin-payouts-panel';

// The test set-up unmounts after each test; the stubs are this file's to undo.
afterEach(() => vi.unstubAllGlobals());

const REVENUE = { fee_percent: 10, months: [], pending_payouts: { count: 2, amount: 470_000 } };

function payout(id: string, change: Partial<AdminPayout>): AdminPayout {
  return {
    id,
    amount: 270_000,
    requested_amount: null,
    state: 'requested',
    bank_code: 'VCB',
    bank_short_name: 'Vietcombank',
    bank_bin: '970436',
    account_number: '•••••••••5678',
    holder_name: 'PHAM THU HA',
    transfer_ref: null,
    failure_reason: null,
    created_at: '2026-08-11T02:00:00.000Z',
    decided_at: null,
    payos_ref: null,
    sent_at: null,
    seller: { id: `seller-${id}`, name: `Seller ${id}`, email: `${id}@example.com` },
    ...change,
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server as the panel calls it: revenue, the payout list, and the payOS send. */
function stubServer(list: { payouts: AdminPayout[]; payos_payouts: boolean }) {
  const sent: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/api/admin/revenue')) return json(REVENUE);
    if (url.includes('/api/admin/payouts/send')) {
      sent.push(JSON.parse(String(init?.body)));
      return json({ ...list, payouts: list.payouts.map((row) => ({ ...row, state: 'sending' })) });
    }
    return json(list);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, sent };
}

describe('the admins’ payout queue', () => {
  it('with payOS’s payout channel: selects requested payouts and sends exactly those', async () => {
    await inLanguage('en');
    const { sent } = stubServer({
      payouts: [payout('a', { amount: 270_000 }), payout('b', { amount: 200_000 })],
      payos_payouts: true,
    });
    renderInApp(<AdminPayoutsPanel />);
    const box = await screen.findByTestId('payos-send');
    expect(box.textContent).toContain('Send approved payouts through payOS');
    const button = within(box).getByRole('button');
    expect(button.textContent).toBe('Send 0 through payOS');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Send the payout of 200,000 VNĐ to Seller b through payOS' }),
    );
    expect(button.textContent).toBe('Send 1 through payOS');
    fireEvent.click(button);
    await waitFor(() => expect(sent).toEqual([{ ids: ['b'] }]));
    // The whole number is never on the page: the masked form the server answers.
    expect(document.body.textContent).toContain('•••••••••5678');
    // The CSV bank batch stays available either way.
    expect(screen.getByRole('link', { name: 'Export bank batch (CSV)' })).toBeTruthy();
  });

  it('without it: no selection and no payOS button, the CSV batch and the manual marks as before', async () => {
    await inLanguage('en');
    stubServer({ payouts: [payout('a', {})], payos_payouts: false });
    renderInApp(<AdminPayoutsPanel />);
    await screen.findByRole('button', { name: 'Mark paid' });
    expect(screen.queryByTestId('payos-send')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Export bank batch (CSV)' })).toBeTruthy();
  });

  it('shows a payout being sent (no manual marks, no selection) and a failed one with its reason, in Vietnamese', async () => {
    await inLanguage('vi');
    stubServer({
      payouts: [
        payout('s', { state: 'sending', payos_ref: 'po_123', sent_at: '2026-08-11T03:00:00.000Z' }),
        payout('f', { state: 'failed', failure_reason: 'Tài khoản thụ hưởng không tồn tại' }),
      ],
      payos_payouts: true,
    });
    renderInApp(<AdminPayoutsPanel />);
    const sending = await screen.findByTestId('payos-sending');
    expect(sending.textContent).toContain('po_123');
    const [first, second] = screen.getAllByTestId('admin-payout');
    expect(first!.textContent).toContain('Đang chuyển');
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(within(first!).queryByRole('checkbox')).toBeNull();
    expect(second!.textContent).toContain('Thất bại');
    expect(second!.textContent).toContain('Tài khoản thụ hưởng không tồn tại');
    await inLanguage('en');
  });

  it('warns, in both languages, that a payout was cut because a sale in it was refunded before approval', async () => {
    await inLanguage('en');
    stubServer({
      payouts: [
        payout('c', { state: 'paid', amount: 270_000, requested_amount: 450_000, transfer_ref: 'FT1' }),
        payout('p', { state: 'paid', amount: 300_000, transfer_ref: 'FT2' }),
      ],
      payos_payouts: false,
    });
    renderInApp(<AdminPayoutsPanel />);
    const warning = await screen.findByTestId('payout-adjusted');
    expect(warning.textContent).toMatch(/450[.,]000.*requested.*refunded.*270[.,]000.*is paid/);
    expect(screen.getAllByTestId('payout-adjusted')).toHaveLength(1);
    await inLanguage('vi');
    await waitFor(() => expect(screen.getByTestId('payout-adjusted').textContent).toContain('Đã điều chỉnh'));
    await inLanguage('en');
  });
});
