import { act, cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderState, OrderSummary } from '@flowbay/domain';
import { PENDING_POLL_MS } from '@/features/orders/api/get-order';
import { paidOrder } from '@/test/orders';
import { Component as OrderReceiptPage } from './order-receipt';
import { formatDateTime, formatPrice } from '@/lib/format';
import { inLanguage, renderInApp } from '@/test/render';

beforeAll(() => inLanguage('en'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const CODE = 'FB-7K3M-Q9XD';

function order(state: OrderState): OrderSummary {
  return paidOrder({
    code: CODE,
    state,
    amount: 299_000,
    provider: 'test',
    workflow: {
      id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
      number: 7,
      title: 'Slack alerts',
      slug: 'slack-alerts',
      deleted: false,
    },
    seller: { id: 'seller', name: 'Alex Carter' },
    paid_at: state === 'paid' ? '2026-11-20T08:01:00.000Z' : null,
    provider_ref: state === 'paid' ? 'TEST-1' : null,
    can_request_refund: state === 'paid',
  });
}

/** A signed-in buyer and an order whose state the test moves on, as the gateway's IPN would. */
function stubApi(states: OrderState[], overrides: Partial<OrderSummary> = {}) {
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/get-session')
        return Response.json({
          user: {
            id: 'u1',
            email: 'buyer@example.com',
            name: 'Buyer',
            image: null,
            emailVerified: true,
            role: 'user',
            displayName: null,
          },
          session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        });
      if (url === `/api/orders/${CODE}`) {
        const state = states[Math.min(reads, states.length - 1)]!;
        reads += 1;
        return Response.json({ order: { ...order(state), ...overrides } });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  return () => reads;
}

function renderAt(path: string) {
  return renderInApp(
    <Routes>
      <Route path="/orders/:code" element={<OrderReceiptPage />} />
    </Routes>,
    { path },
  );
}

describe('receipt page', () => {
  it('waits for the gateway while the order is pending, then shows it paid without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reads = stubApi(['pending', 'pending', 'paid']);
    renderAt(`/orders/${CODE}?result=success`);
    expect((await screen.findByTestId('order-result')).textContent).toBe(
      'Waiting for the payment gateway to confirm your payment…',
    );
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    expect((await screen.findByText('Payment received. Thank you!')).getAttribute('data-testid')).toBe(
      'order-result',
    );
    expect(screen.getByTestId('order-state').textContent).toBe('Paid');
    const afterPaid = reads();
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 3));
    expect(reads()).toBe(afterPaid);
  });

  it('says a cancelled payment charged nothing, shows no receipt to print and leads back to the workflow', async () => {
    stubApi(['failed']);
    renderAt(`/orders/${CODE}?result=cancelled`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeTruthy();
    expect(screen.getByTestId('order-result').textContent).toBe(
      'You cancelled the payment. Nothing was charged.',
    );
    expect(screen.getByRole('link', { name: 'Back to the workflow' }).getAttribute('href')).toBe(
      '/workflows/slack-alerts-8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
    );
    expect(screen.queryByRole('heading', { name: 'Receipt' })).toBeNull();
    expect(screen.queryByTestId('receipt')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print receipt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request a refund' })).toBeNull();
  });

  it('says a failed or expired payment as such in Vietnamese, never as a receipt', async () => {
    await inLanguage('vi');
    try {
      stubApi(['failed']);
      renderAt(`/orders/${CODE}?result=failed`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Thanh toán không thành công' }),
      ).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Biên nhận' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'In biên nhận' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Quay lại quy trình' })).toBeTruthy();
      cleanup();
      stubApi(['expired']);
      renderAt(`/orders/${CODE}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Đơn hàng đã hết hạn' })).toBeTruthy();
    } finally {
      await inLanguage('en');
    }
  });

  it('names a deleted buyer "deleted account" on the receipt, never an empty name', async () => {
    stubApi(['paid'], { buyer_name: '' });
    renderAt(`/orders/${CODE}`);
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByText('deleted account')).toBeTruthy();
    expect(receipt.textContent).not.toContain('()');
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
  });

  it('offers a refund request on a paid order within the window', async () => {
    stubApi(['paid']);
    renderAt(`/orders/${CODE}`);
    expect(await screen.findByRole('button', { name: 'Request a refund' })).toBeTruthy();
    expect(screen.queryByTestId('order-result')).toBeNull();
  });

  it('says a double payment is being refunded automatically, not that the order failed', async () => {
    stubApi(['failed'], {
      paid_at: '2026-11-20T08:01:00.000Z',
      payment_incident: { kind: 'already_owned', outcome: 'refund_pending', received_amount: null },
    });
    renderAt(`/orders/${CODE}?result=success`);
    expect((await screen.findByTestId('payment-incident')).textContent).toBe(
      'You already own this workflow through another order, so this payment was a double charge.' +
        'Your payment is being refunded automatically; there is nothing you need to do.',
    );
    expect(screen.queryByTestId('order-result')).toBeNull();
    expect(screen.queryByText('The payment did not go through. Nothing was charged.')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the workflow' })).toBeTruthy();
  });

  it('says when a payment made after the workflow left the catalogue was refunded, in Vietnamese too', async () => {
    const refundedAt = '2026-11-20T08:05:00.000Z';
    stubApi(['refunded'], {
      paid_at: '2026-11-20T08:01:00.000Z',
      refunded_at: refundedAt,
      payment_incident: { kind: 'workflow_unavailable', outcome: 'refunded', received_amount: null },
    });
    renderAt(`/orders/${CODE}`);
    expect((await screen.findByTestId('payment-incident')).textContent).toBe(
      'You paid after this workflow was no longer for sale.' +
        `Your payment was refunded automatically on ${formatDateTime(refundedAt, 'en')}.`,
    );
    cleanup();
    await inLanguage('vi');
    try {
      renderAt(`/orders/${CODE}`);
      expect((await screen.findByTestId('payment-incident')).textContent).toBe(
        'Bạn đã thanh toán khi quy trình này không còn được bán.' +
          `Khoản thanh toán của bạn đã được tự động hoàn tiền ngày ${formatDateTime(refundedAt, 'vi')}.`,
      );
    } finally {
      await inLanguage('en');
    }
  });

  it('tells a buyer whose transfer was for another amount that it is held and sent back, in Vietnamese too', async () => {
    stubApi(['failed'], {
      paid_at: '2026-11-20T08:01:00.000Z',
      payment_incident: { kind: 'amount_mismatch', outcome: 'held', received_amount: 100_000 },
    });
    renderAt(`/orders/${CODE}`);
    const notice = await screen.findByTestId('payment-incident');
    expect(notice.textContent).toContain(
      `The ${formatPrice(100_000, 'en')} transferred did not match the order's price of ${formatPrice(299_000, 'en')}, so the order was not completed.`,
    );
    expect(notice.textContent).toContain('send this money back to the account it came from');
    expect(screen.queryByText('The payment did not go through. Nothing was charged.')).toBeNull();
    cleanup();
    await inLanguage('vi');
    try {
      renderAt(`/orders/${CODE}`);
      expect((await screen.findByTestId('payment-incident')).textContent).toContain(
        `Số tiền bạn chuyển (${formatPrice(100_000, 'vi')}) không khớp với giá đơn hàng (${formatPrice(299_000, 'vi')})`,
      );
    } finally {
      await inLanguage('en');
    }
  });

  it('tells a buyer whose payment came after the order closed that it still bought the workflow', async () => {
    stubApi(['paid'], {
      payment_incident: { kind: 'late_payment', outcome: 'fulfilled', received_amount: null },
    });
    renderAt(`/orders/${CODE}`);
    expect((await screen.findByTestId('payment-incident')).textContent).toBe(
      'Your payment arrived after this order had closed. We accepted it: the workflow is yours.',
    );
  });
});
