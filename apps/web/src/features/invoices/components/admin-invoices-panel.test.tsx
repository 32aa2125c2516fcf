import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminInvoice } from '@flowbay/domain';
import { stubFetch } from '@/test/api-stub';
import { requestedInvoice } from '@/test/invoices';
import { inLanguage, renderInApp } from '@/test/render';
import { AdminInvoicesPanel } from './admin-invoices-panel';

beforeAll(() => inLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

function invoice(code: string, overrides: Partial<AdminInvoice> = {}): AdminInvoice {
  return {
    ...requestedInvoice(code),
    order_state: 'paid',
    amount: 499_000,
    workflow_title: 'Invoice alerts',
    buyer_email: 'buyer@example.com',
    provider: 'manual',
    last_error: null,
    adjustment_due: false,
    adjusted_at: null,
    requested_at: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

const TO_ISSUE = invoice('FB-AAAA-BBBB');
const REFUNDED = invoice('FB-CCCC-DDDD', {
  state: 'issued',
  order_state: 'refunded',
  invoice_number: '0000777',
  lookup_code: 'LOOKUP-777',
  issued_at: '2026-11-22T08:00:00.000Z',
  adjustment_due: true,
});

function stubApi() {
  return stubFetch(({ url, body }) => {
    if (url === '/api/admin/invoices?view=open') return Response.json({ items: [TO_ISSUE, REFUNDED] });
    if (url === `/api/admin/invoices/${TO_ISSUE.order_code}/issue`)
      return Response.json({ invoice: { ...TO_ISSUE, state: 'issued', ...(body as object) } });
    if (url === `/api/admin/invoices/${REFUNDED.order_code}/adjusted`)
      return Response.json({ invoice: { ...REFUNDED, adjustment_due: false } });
    return undefined;
  });
}

describe('AdminInvoicesPanel', () => {
  it('issues an invoice with its number and lookup code, both required', async () => {
    const calls = stubApi();
    renderInApp(<AdminInvoicesPanel />);
    const [toIssue] = await screen.findAllByTestId('admin-invoice');
    expect(toIssue!.textContent).toContain('FB-AAAA-BBBB');
    expect(toIssue!.textContent).toContain('To issue');
    expect(toIssue!.textContent).toContain('0101234567');
    expect(toIssue!.textContent).toContain('499,000 VNĐ');

    fireEvent.click(within(toIssue!).getByRole('button', { name: 'Mark issued' }));
    fireEvent.click(within(toIssue!).getByRole('button', { name: 'Mark issued' }));
    expect(within(toIssue!).getAllByText('Please fill this in.')).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(toIssue!).getByLabelText('Invoice number'), { target: { value: ' 0000123 ' } });
    fireEvent.change(within(toIssue!).getByLabelText('Lookup code'), { target: { value: 'TRACUU-ABC' } });
    fireEvent.click(within(toIssue!).getByRole('button', { name: 'Mark issued' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        url: '/api/admin/invoices/FB-AAAA-BBBB/issue',
        method: 'POST',
        body: { invoice_number: '0000123', lookup_code: 'TRACUU-ABC' },
      }),
    );
  });

  it('shows a refunded invoiced order as needing an adjustment and marks it done', async () => {
    const calls = stubApi();
    renderInApp(<AdminInvoicesPanel />);
    const items = await screen.findAllByTestId('admin-invoice');
    const refunded = items[1]!;
    expect(within(refunded).getByTestId('adjustment-due').textContent).toContain(
      'an adjustment invoice is due',
    );
    expect(refunded.textContent).toContain('LOOKUP-777');
    expect(within(refunded).queryByRole('button', { name: 'Mark issued' })).toBeNull();
    fireEvent.click(within(refunded).getByRole('button', { name: 'Mark adjustment done' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/admin/invoices/FB-CCCC-DDDD/adjusted')).toBe(true),
    );
  });
});
