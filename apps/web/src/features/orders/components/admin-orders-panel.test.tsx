import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@flowbay/domain';
import { paidOrder } from '@/test/orders';
import { AdminOrdersPanel } from './admin-orders-panel';
import { inLanguage, renderInApp } from '@/test/render';
import { stubFetch } from '@/test/api-stub';

beforeAll(() => inLanguage('en'));
// The test set-up unmounts after each test; the stubs are this file's to undo.
afterEach(() => vi.unstubAllGlobals());

function adminOrder(code: string, overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...paidOrder({
      code,
      amount: 499_000,
      workflow: { id: 'w1', number: 1, title: 'Invoice alerts', slug: 'invoice-alerts', deleted: false },
      seller: { id: 's1', name: 'Lê Thu Hà' },
      can_request_refund: false,
    }),
    buyer: { id: 'b1', name: 'Buyer', email: 'buyer@example.com' },
    ...overrides,
  };
}

const REQUESTED = adminOrder('FB-AAAA-BBBB', {
  refund_request: {
    state: 'open',
    reason: 'It does not import.',
    decision_reason: null,
    created_at: '2026-11-21T08:00:00.000Z',
  },
});

function stubApi() {
  return stubFetch(({ url, method }) => {
    if (url === '/api/admin/refund-requests') return Response.json({ orders: [REQUESTED] });
    if (url.startsWith('/api/admin/orders?') || url === '/api/admin/orders')
      return Response.json({ orders: [REQUESTED, adminOrder('FB-CCCC-DDDD')], total: 2 });
    if (url === `/api/admin/orders/${REQUESTED.code}/refund` && method === 'POST')
      return Response.json({ order: { ...REQUESTED, state: 'refunded' } });
    return undefined;
  });
}

describe('AdminOrdersPanel', () => {
  it('approves a refund request only with a reason', async () => {
    const calls = stubApi();
    renderInApp(<AdminOrdersPanel />);
    const request = await screen.findByTestId('refund-request');
    expect(request.textContent).toContain('Reason given: It does not import.');
    fireEvent.click(within(request).getByRole('button', { name: 'Approve refund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Broken file. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        url: `/api/admin/orders/${REQUESTED.code}/refund`,
        method: 'POST',
        body: { reason: 'Broken file.' },
      }),
    );
  });

  it('searches by code or e-mail and filters by state', async () => {
    const calls = stubApi();
    renderInApp(<AdminOrdersPanel />);
    expect((await screen.findAllByTestId('admin-order')).length).toBe(2);
    fireEvent.change(screen.getByLabelText('Order code or buyer e-mail'), {
      target: { value: 'buyer@example.com' },
    });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'paid' } });
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/admin/orders?q=buyer%40example.com&state=paid&page=0',
      ),
    );
    // A paid order without a request can be refunded directly; declining needs a request.
    const direct = screen
      .getAllByTestId('admin-order')
      .find((row) => row.textContent?.includes('FB-CCCC-DDDD'))!;
    expect(within(direct).getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(within(direct).queryByRole('button', { name: 'Decline' })).toBeNull();
  });
});
