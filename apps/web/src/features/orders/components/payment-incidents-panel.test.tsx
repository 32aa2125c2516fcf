import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { stubFetch } from '@/test/api-stub';
import { paymentIncident } from '@/test/payment-incidents';
import { PaymentIncidentsPanel } from './payment-incidents-panel';

beforeEach(() => inLanguage('en'));
// The test set-up unmounts after each test; the stubs are this file's to undo.
afterEach(() => vi.unstubAllGlobals());

// Newest first, as the API answers.
const FAILED = paymentIncident('FB-FFFF-2222', {
  kind: 'workflow_unavailable',
  outcome: 'refund_failed',
  order_state: 'failed',
  refund_attempts: 8,
  last_error: 'Stripe refused the refund: No such payment_intent',
  refund_ref: null,
  resolved_at: null,
});
const REFUNDED = paymentIncident('FB-RRRR-3333');
const LATE = paymentIncident('FB-LLLL-4444', {
  kind: 'late_payment',
  outcome: 'fulfilled',
  order_state_before: 'expired',
  order_state: 'paid',
  provider: 'vnpay',
  refund_attempts: 0,
  refund_ref: null,
});

/** The admin API: the incidents, and a retry answered by `retry` (the outcome it writes, or an error). */
function stubApi(retry: 'queued' | 'NO_FAILED_REFUND') {
  let retried = false;
  const list = () => [retried ? { ...FAILED, outcome: 'refund_pending' } : FAILED, REFUNDED, LATE];
  return stubFetch(({ url, method }) => {
    if (url.startsWith('/api/admin/payment-incidents?') && method === 'GET')
      return Response.json({ incidents: list(), total: 3 });
    if (url === `/api/admin/payment-incidents/${FAILED.order_code}/retry-refund` && method === 'POST') {
      if (retry === 'NO_FAILED_REFUND')
        return Response.json(
          { error: { code: 'NO_FAILED_REFUND', message: 'This order has no failed automatic refund' } },
          { status: 409 },
        );
      retried = true;
      return Response.json({ incidents: list(), total: 3 });
    }
    return undefined;
  });
}

const rows = () => screen.findAllByTestId('payment-incident');
const rowOf = async (code: string) => (await rows()).find((row) => row.textContent?.includes(code))!;

describe('PaymentIncidentsPanel', () => {
  it('lists every incident newest first with its kind, outcome, order, buyer, amount and provider', async () => {
    const calls = stubApi('queued');
    renderInApp(<PaymentIncidentsPanel />);
    expect((await rows()).map((row) => within(row).getByRole('link').textContent)).toEqual([
      FAILED.order_code,
      REFUNDED.order_code,
      LATE.order_code,
    ]);
    expect(calls[0]).toEqual({ url: '/api/admin/payment-incidents?page=0', method: 'GET' });
    expect(screen.getByText('3 incidents')).toBeTruthy();

    const failed = await rowOf(FAILED.order_code);
    expect(within(failed).getByRole('link').getAttribute('href')).toBe(`/orders/${FAILED.order_code}`);
    expect(within(failed).getByText('Workflow unavailable → refund')).toBeTruthy();
    expect(within(failed).getByTestId('incident-outcome').textContent).toBe('Refund failed: needs action');
    expect(failed.textContent).toContain('1,250,000 VNĐ');
    expect(failed.textContent).toContain('Nguyễn Lan (lan@example.com)');
    expect(failed.textContent).toContain('Card (Stripe)');
    expect(failed.textContent).toContain('8 refund attempts');
    expect(failed.textContent).toContain('Last error: Stripe refused the refund: No such payment_intent');

    const late = await rowOf(LATE.order_code);
    expect(within(late).getByText('Late payment → fulfilled')).toBeTruthy();
    expect(within(late).getByTestId('incident-outcome').textContent).toBe('Fulfilled');
    expect(late.textContent).toContain('Order: Expired → Paid');
    expect(late.textContent).not.toContain('refund attempt');

    // Only the failed refund can be retried.
    expect(within(failed).getByRole('button', { name: 'Retry refund' })).toBeTruthy();
    for (const code of [REFUNDED.order_code, LATE.order_code])
      expect(within(await rowOf(code)).queryByRole('button')).toBeNull();
  });

  it('retries a failed refund after confirming, and the row shows it pending again', async () => {
    const calls = stubApi('queued');
    renderInApp(<PaymentIncidentsPanel />);
    fireEvent.click(within(await rowOf(FAILED.order_code)).getByRole('button', { name: 'Retry refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Retry the automatic refund of ${FAILED.order_code}`)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { url: `/api/admin/payment-incidents/${FAILED.order_code}/retry-refund`, method: 'POST' },
    ]);
    await waitFor(async () =>
      expect(within(await rowOf(FAILED.order_code)).getByTestId('incident-outcome').textContent).toBe(
        'Refund pending',
      ),
    );
    expect(within(await rowOf(FAILED.order_code)).queryByRole('button')).toBeNull();
  });

  it('keeps the dialog open with the reason when the retry is refused', async () => {
    stubApi('NO_FAILED_REFUND');
    renderInApp(<PaymentIncidentsPanel />);
    fireEvent.click(within(await rowOf(FAILED.order_code)).getByRole('button', { name: 'Retry refund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This order has no failed automatic refund to try again.',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('reads in Vietnamese', async () => {
    await inLanguage('vi');
    stubApi('queued');
    renderInApp(<PaymentIncidentsPanel />);
    const failed = await rowOf(FAILED.order_code);
    expect(within(failed).getByTestId('incident-outcome').textContent).toBe('Hoàn tiền thất bại: cần xử lý');
    expect(failed.textContent).toContain('1.250.000 VNĐ');
    expect(within(failed).getByRole('button', { name: 'Thử hoàn tiền lại' })).toBeTruthy();
    expect(screen.getByText('3 sự cố')).toBeTruthy();
  });

  it('shows a payment held for its amount with what to send back, and records the transfer for any provider', async () => {
    const held = paymentIncident('FB-HHHH-5555', {
      kind: 'amount_mismatch',
      outcome: 'held',
      order_state: 'failed',
      provider: 'vnpay',
      amount: 1_250_000,
      received_amount: 100_000,
      refund_attempts: 0,
      refund_ref: null,
      resolved_at: null,
    });
    stubFetch(({ url, method }) =>
      url.startsWith('/api/admin/payment-incidents?') && method === 'GET'
        ? Response.json({ incidents: [held], total: 1 })
        : undefined,
    );
    renderInApp(<PaymentIncidentsPanel />);
    const row = await rowOf(held.order_code);
    expect(row.textContent).toContain('Other amount than the order → refund by hand');
    expect(within(row).getByTestId('incident-outcome').textContent).toBe('Held: send it back');
    expect(row.textContent).toContain(
      'Received 100,000 VNĐ for an order of 1,250,000 VNĐ: send 100,000 VNĐ back',
    );
    expect(within(row).getByRole('button', { name: 'Mark refunded by bank transfer' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Retry refund' })).toBeNull();
  });
});
