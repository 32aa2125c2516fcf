import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BankTransfer } from '@flowbay/domain';
import { Component as OrderReceiptPage } from './order-receipt';
import { i18n } from '@/i18n';
import { paidOrder } from '@/test/orders';
import { inLanguage, renderInApp } from '@/test/render';
import { BuyBlock } from '@/features/orders/components/buy-block';

beforeAll(() => inLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CODE = 'FB-7K3M-Q9XD';
const WORKFLOW_ID = '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f';
const TRANSFER: BankTransfer = {
  checkout_url: `http://localhost:3000/orders/${CODE}`,
  qr_code: '00020101021238570010A000000727',
  bank_bin: '970422',
  account_number: 'VQRQ0001FLOWBAY',
  account_name: 'CONG TY TNHH FLOWBAY',
  amount: 299_000,
  description: 'FB7K3MQ9XD',
  test_mode: true,
};

describe('the Buy block with VietQR', () => {
  it('offers "VietQR (test)" from the test gateway and, once ordered, shows the QR on the order page without leaving Flowbay', async () => {
    const order = paidOrder({
      code: CODE,
      state: 'pending',
      provider: 'payos',
      amount: 299_000,
      paid_at: null,
    });
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/payments/providers') {
          return Response.json({
            providers: [
              { id: 'test', test_mode: true },
              { id: 'payos', test_mode: true },
            ],
          });
        }
        if (url === '/api/orders') {
          return Response.json(
            { order, redirect_url: TRANSFER.checkout_url, bank_transfer: TRANSFER },
            { status: 201 },
          );
        }
        if (url === `/api/orders/${CODE}`) return Response.json({ order, bank_transfer: TRANSFER });
        return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
      }),
    );
    const goToPayment = vi.fn();
    renderInApp(
      <Routes>
        <Route
          path="/workflows/:ref"
          element={
            <BuyBlock
              signedIn
              goToPayment={goToPayment}
              workflow={{
                id: WORKFLOW_ID,
                price: 299_000,
                status: 'listed',
                access: {
                  can_download: false,
                  can_manage: false,
                  purchased: false,
                  reason: 'payment_required',
                },
              }}
            />
          }
        />
        <Route path="/orders/:code" element={<OrderReceiptPage />} />
      </Routes>,
      { path: `/workflows/slack-alerts-${WORKFLOW_ID}` },
    );
    fireEvent.click(await screen.findByRole('radio', { name: i18n.t('buy.vietqrTest') }));
    fireEvent.click(screen.getByRole('button', { name: i18n.t('buy.buy') }));
    expect(await screen.findByTestId('vietqr-panel')).toBeTruthy();
    expect(screen.getByTestId('vietqr-content').textContent).toBe('FB7K3MQ9XD');
    expect(goToPayment).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/orders')?.body).toEqual({
        workflow_id: WORKFLOW_ID,
        provider: 'payos',
      }),
    );
  });
});
