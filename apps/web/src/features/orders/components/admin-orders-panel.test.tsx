import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, AdminRefundRequest } from '@flowbay/domain';
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

/** The request as the queue answers it: the seller's answer and the buyer's downloads beside it. */
const QUEUED: AdminRefundRequest = {
  ...REQUESTED,
  answer_due_at: '2026-11-23T08:00:00.000Z',
  seller_answer: {
    accepted: false,
    reason: 'The buyer imported it three times.',
    answered_at: '2026-11-21T10:00:00.000Z',
  },
  downloads: [
    { kind: 'file', at: '2026-11-20T09:15:00.000Z', version: '1.0' },
    { kind: 'n8n_import', at: '2026-11-20T09:30:00.000Z', version: null },
  ],
  download_days: ['2026-11-20', '2026-11-18'],
};

function stubApi(queued: AdminRefundRequest = QUEUED) {
  return stubFetch(({ url, method }) => {
    if (url === '/api/admin/refund-requests') return Response.json({ orders: [queued] });
    if (url.startsWith('/api/admin/orders?') || url === '/api/admin/orders')
      return Response.json({ orders: [REQUESTED, adminOrder('FB-CCCC-DDDD')], total: 2 });
    if (url === `/api/admin/orders/${REQUESTED.code}/refund` && method === 'POST')
      return Response.json({ order: { ...REQUESTED, state: 'refunded' } });
    return undefined;
  });
}

describe('AdminOrdersPanel', () => {
  it("shows beside the buyer's reason the seller's answer and every download with its time and way", async () => {
    stubApi();
    renderInApp(<AdminOrdersPanel />);
    const request = await screen.findByTestId('refund-request');
    expect(within(request).getByTestId('seller-answer').textContent).toMatch(
      /^The seller is against the refund \(.+\): The buyer imported it three times\.$/,
    );
    const evidence = within(request).getByTestId('download-evidence');
    const items = within(evidence)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^Downloaded · .+ · v1\.0$/);
    expect(items[1]).toMatch(/^Imported in n8n \(library key\) · /);
    // A day of the per-day count with no timed record (a download from before they were kept).
    expect(items[2]).toMatch(/^Downloaded on .+ \(recorded by day only\)$/);
  });

  it('says when the seller has not answered and the buyer never took the file', async () => {
    stubApi({ ...QUEUED, seller_answer: null, downloads: [], download_days: [] });
    renderInApp(<AdminOrdersPanel />);
    const request = await screen.findByTestId('refund-request');
    expect(within(request).getByTestId('seller-answer').textContent).toBe(
      'The seller did not answer within 48 hours.',
    );
    expect(within(request).getByTestId('download-evidence').textContent).toContain(
      'The buyer never downloaded, sent or imported the file.',
    );
  });

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
