import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { stubFetch } from '@/test/api-stub';
import { paymentIncident } from '@/test/payment-incidents';
import { PaymentIncidentsPanel } from './payment-incidents-panel';

// The test set-up unmounts after each test; the stubs are this file's to undo.
afterEach(() => vi.unstubAllGlobals());

const PAYOS = paymentIncident('FB-QQQQ-2222', {
  outcome: 'refund_failed',
  order_state_before: 'failed',
  order_state: 'failed',
  amount: 120_000,
  provider: 'payos',
  provider_ref: 'FT26182000',
  last_error: 'payos has no refund API: refund the buyer by bank transfer, then mark it refunded',
  refund_ref: null,
  resolved_at: '2026-11-27T08:00:00.000Z',
});

/** The admin API: the payOS incident, refunded once the transfer is recorded. */
function stubApi() {
  let refunded = false;
  return stubFetch(({ url, method }) => {
    if (url.startsWith('/api/admin/payment-incidents?') && method === 'GET') {
      const incident = refunded
        ? {
            ...PAYOS,
            outcome: 'refunded' as const,
            order_state: 'refunded' as const,
            refund_ref: 'FT26182001',
          }
        : PAYOS;
      return Response.json({ incidents: [incident], total: 1 });
    }
    if (url === `/api/admin/orders/${PAYOS.order_code}/refunded-by-transfer` && method === 'POST') {
      refunded = true;
      return Response.json({ order: { code: PAYOS.order_code } });
    }
    return undefined;
  });
}

describe('Mark refunded by bank transfer (payOS)', () => {
  it('asks the transfer reference, sends it, and the incident shows refunded', async () => {
    await inLanguage('en');
    const calls = stubApi();
    renderInApp(<PaymentIncidentsPanel />);
    const row = await screen.findByTestId('payment-incident');
    // payOS cannot refund by API: no retry, the transfer is recorded instead.
    expect(within(row).queryByRole('button', { name: 'Retry refund' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Mark refunded by bank transfer' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing is sent without a reference.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Bank transfer reference'), {
      target: { value: ' FT26182001 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: `/api/admin/orders/${PAYOS.order_code}/refunded-by-transfer`,
        method: 'POST',
        body: { transfer_ref: 'FT26182001' },
      },
    ]);
    await waitFor(async () =>
      expect(
        within(await screen.findByTestId('payment-incident')).getByTestId('incident-outcome').textContent,
      ).toBe('Refunded'),
    );
  });

  it('speaks Vietnamese', async () => {
    await inLanguage('vi');
    stubApi();
    renderInApp(<PaymentIncidentsPanel />);
    const row = await screen.findByTestId('payment-incident');
    fireEvent.click(within(row).getByRole('button', { name: 'Đánh dấu đã hoàn tiền bằng chuyển khoản' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Mã giao dịch chuyển khoản')).toBeTruthy();
  });
});
