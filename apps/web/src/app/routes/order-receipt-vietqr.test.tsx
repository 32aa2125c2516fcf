import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BankTransfer, OrderResponse } from '@flowbay/domain';
import { Component as OrderReceiptPage } from './order-receipt';
import { i18n } from '@/i18n';
import { formatPrice } from '@/lib/format';
import { paidOrder } from '@/test/orders';
import { inLanguage, renderInApp } from '@/test/render';
import { PENDING_POLL_MS } from '@/features/orders/api/get-order';
import { bankNameOf } from '@/features/orders/components/vietqr-panel';

beforeAll(() => inLanguage('en'));
// The test set-up unmounts after each test; the stubs are this file's to undo.
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const CODE = 'FB-7K3M-Q9XD';
const TRANSFER: BankTransfer = {
  checkout_url: 'https://pay.payos.vn/web/0b5d3c',
  qr_code: '00020101021238570010A00000072701270006970422011512345678901234567',
  bank_bin: '970422',
  account_number: 'VQRQ0001FLOWBAY',
  account_name: 'CONG TY TNHH FLOWBAY',
  amount: 149_000,
  description: 'FB7K3MQ9XD',
  test_mode: false,
};

const pending = (transfer: BankTransfer = TRANSFER): OrderResponse => ({
  order: paidOrder({
    code: CODE,
    state: 'pending',
    amount: transfer.amount,
    provider: 'payos',
    paid_at: null,
    provider_ref: null,
    can_request_refund: false,
  }),
  bank_transfer: transfer,
});

/**
 * The order API as the browser sees it: the order answers `states[0]` until the simulated transfer
 * (or the test) moves it on; every call is recorded.
 */
function stubApi(states: OrderResponse[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let current = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === `/api/orders/${CODE}`) return Response.json(states[current]);
      if (url === '/api/payments/test-gateway/payos-transfer' && method === 'POST') {
        current = Math.min(current + 1, states.length - 1);
        return Response.json({ delivered: true });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  return { calls, advance: () => (current = Math.min(current + 1, states.length - 1)) };
}

function renderOrderPage() {
  return renderInApp(
    <Routes>
      <Route path="/orders/:code" element={<OrderReceiptPage />} />
    </Routes>,
    { path: `/orders/${CODE}` },
  );
}

describe("the VietQR panel on Flowbay's order page", () => {
  it('shows the QR, the bank, the account, the amount in VNĐ and the transfer content while the order is pending', async () => {
    stubApi([pending()]);
    renderOrderPage();
    const panel = await screen.findByTestId('vietqr-panel');
    const image = within(panel).getByTestId('vietqr-image');
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(image.getAttribute('src')!)).toContain('<svg');
    expect(within(panel).getByTestId('vietqr-amount').textContent).toBe(formatPrice(149_000, 'en'));
    expect(formatPrice(149_000, 'en')).toMatch(/149/);
    expect(within(panel).getByTestId('vietqr-content').textContent).toBe('FB7K3MQ9XD');
    expect(within(panel).getByTestId('vietqr-account-number').textContent).toBe('VQRQ0001FLOWBAY');
    expect(within(panel).getByTestId('vietqr-account-name').textContent).toBe('CONG TY TNHH FLOWBAY');
    expect(within(panel).getByTestId('vietqr-bank').textContent).toBe(bankNameOf('970422'));
    expect(bankNameOf('970422')).toMatch(/^MBBank/);
    expect(bankNameOf('999999')).toBe('999999');
    // The provider's page that lists bank apps: a button on a phone, a link on a computer.
    expect(within(panel).getByTestId('vietqr-open-app').getAttribute('href')).toBe(TRANSFER.checkout_url);
    expect(within(panel).getByTestId('vietqr-checkout-link').getAttribute('href')).toBe(
      TRANSFER.checkout_url,
    );
    // A real payment offers no simulation and is not marked as a test.
    expect(within(panel).queryByTestId('vietqr-simulate')).toBeNull();
    expect(within(panel).queryByTestId('vietqr-test-label')).toBeNull();
  });

  it('copies the transfer content and the amount as the bank app wants them (digits only)', async () => {
    stubApi([pending()]);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderOrderPage();
    await screen.findByTestId('vietqr-panel');
    fireEvent.click(
      screen.getByRole('button', {
        name: i18n.t('orders.vietqr.copyLabel', { what: i18n.t('orders.vietqr.content') }),
      }),
    );
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('FB7K3MQ9XD'));
    fireEvent.click(
      screen.getByRole('button', {
        name: i18n.t('orders.vietqr.copyLabel', { what: i18n.t('orders.vietqr.amount') }),
      }),
    );
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('149000'));
  });

  it('moves to the receipt by itself once the order is paid, saying the payment arrived', async () => {
    const paid: OrderResponse = { order: paidOrder({ code: CODE, amount: 149_000, provider: 'payos' }) };
    // The page asks again every PENDING_POLL_MS: the clock is moved on, not waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi([pending(), paid]);
    renderOrderPage();
    await screen.findByTestId('vietqr-panel');
    api.advance(); // the bank's confirmation reached the server; the page asks again by itself
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    await waitFor(() => expect(screen.queryByTestId('vietqr-panel')).toBeNull());
    expect(screen.getByTestId('order-result').textContent).toBe(i18n.t('orders.result.success'));
  });

  it('with the test gateway: marked as a test, and "Simulate the bank transfer" asks its stand-in, then shows the receipt', async () => {
    const paid: OrderResponse = { order: paidOrder({ code: CODE, amount: 149_000, provider: 'payos' }) };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi([pending({ ...TRANSFER, test_mode: true }), paid]);
    renderOrderPage();
    const panel = await screen.findByTestId('vietqr-panel');
    expect(within(panel).getByTestId('vietqr-test-label').textContent).toBe(
      i18n.t('orders.vietqr.testLabel'),
    );
    // The stand-in has no bank-app list: no link away from the page.
    expect(within(panel).queryByTestId('vietqr-checkout-link')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: i18n.t('orders.vietqr.simulate') }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    await waitFor(() => expect(screen.queryByTestId('vietqr-panel')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { url: '/api/payments/test-gateway/payos-transfer', method: 'POST', body: { order_code: CODE } },
    ]);
    expect(screen.getByTestId('order-result').textContent).toBe(i18n.t('orders.result.success'));
  });

  it('shows a closed order as expired, without the QR', async () => {
    stubApi([{ order: { ...pending().order, state: 'expired' }, bank_transfer: TRANSFER }]);
    renderOrderPage();
    expect((await screen.findByTestId('order-result')).textContent).toBe(i18n.t('orders.result.expired'));
    expect(screen.queryByTestId('vietqr-panel')).toBeNull();
  });
});
