import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SellerRefundRequest } from '@flowbay/domain';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { SellerRefundRequests } from './seller-refund-requests';

beforeAll(() => inLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const OPEN: SellerRefundRequest = {
  id: '7d1c7a0e-58f4-4b8e-9c55-1f1f4c9f1a01',
  order_code: 'FB-AAAA-BBBB',
  workflow: { id: 'w1', number: 1, title: 'Invoice alerts', slug: 'invoice-alerts' },
  amount: 199_000,
  buyer_name: 'Ana',
  reason: 'It does not import.',
  created_at: '2026-11-21T08:00:00.000Z',
  answer_due_at: '2026-11-23T08:00:00.000Z',
  answer: null,
};

function stubApi(requests: SellerRefundRequest[]) {
  return stubFetch(({ url, method, body }) => {
    if (url === '/api/me/refund-requests') return Response.json({ requests });
    if (url === `/api/me/refund-requests/${OPEN.id}/answer` && method === 'POST') {
      const answer = body as { accept: boolean; reason?: string };
      return Response.json({
        request: {
          ...OPEN,
          answer: { accepted: answer.accept, reason: answer.reason ?? null, answered_at: OPEN.created_at },
        },
      });
    }
    return undefined;
  });
}

describe('SellerRefundRequests', () => {
  it("shows the buyer's reason and sends a reason against only when one is given", async () => {
    const calls = stubApi([OPEN]);
    renderInApp(<SellerRefundRequests now={() => NOW} />);
    const row = await screen.findByTestId('seller-refund-request');
    expect(row.textContent).toContain("Buyer's reason: It does not import.");
    fireEvent.click(within(row).getByRole('button', { name: 'Explain why not' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Your reason'), {
      target: { value: 'Imported twice, works in n8n 1.119' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        url: `/api/me/refund-requests/${OPEN.id}/answer`,
        method: 'POST',
        body: { accept: false, reason: 'Imported twice, works in n8n 1.119' },
      }),
    );
  });

  it('accepts in one click', async () => {
    const calls = stubApi([OPEN]);
    renderInApp(<SellerRefundRequests now={() => NOW} />);
    const row = await screen.findByTestId('seller-refund-request');
    fireEvent.click(within(row).getByRole('button', { name: 'Accept the refund' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ accept: true }));
  });

  it('offers no answer once answered, nor after 48 hours', async () => {
    const answered = {
      ...OPEN,
      id: 'answered',
      order_code: 'FB-CCCC-DDDD',
      answer: { accepted: false, reason: 'Works as described', answered_at: OPEN.created_at },
    };
    stubApi([answered]);
    const first = renderInApp(<SellerRefundRequests now={() => NOW} />);
    const row = await screen.findByTestId('seller-refund-request');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).getByTestId('seller-refund-status').textContent).toBe(
      'You are against the refund: Works as described',
    );
    first.unmount();

    stubApi([OPEN]);
    renderInApp(<SellerRefundRequests now={() => Date.parse('2026-11-24T00:00:00.000Z')} />);
    const late = await screen.findByTestId('seller-refund-request');
    expect(within(late).queryByRole('button')).toBeNull();
    expect(within(late).getByTestId('seller-refund-status').textContent).toBe(
      'The 48 hours to answer have passed; an admin decides.',
    );
  });
});
