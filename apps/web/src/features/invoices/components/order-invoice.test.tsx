import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceView } from '@flowbay/domain';
import { stubFetch } from '@/test/api-stub';
import { requestedInvoice } from '@/test/invoices';
import { inLanguage, renderInApp } from '@/test/render';
import { OrderInvoice } from './order-invoice';

afterEach(() => vi.unstubAllGlobals());

const REQUESTED = requestedInvoice('FB-7K3M-Q9XD');

function stubApi(invoice: InvoiceView | null) {
  return stubFetch(({ url, method, body }) => {
    if (url === '/api/orders/FB-7K3M-Q9XD/invoice' && method === 'GET') return Response.json({ invoice });
    if (url === '/api/orders/FB-7K3M-Q9XD/invoice' && method === 'PUT')
      return Response.json({ invoice: { ...REQUESTED, ...(body as object), state: 'requested' } });
    return undefined;
  });
}

describe('OrderInvoice', () => {
  it('shows the issued invoice with its number and lookup code, in Vietnamese, and no way to change it', async () => {
    await inLanguage('vi');
    stubApi({
      ...REQUESTED,
      state: 'issued',
      invoice_number: '0000123',
      lookup_code: 'TRACUU-ABC',
      issued_at: '2026-11-22T08:00:00.000Z',
    });
    renderInApp(<OrderInvoice code="FB-7K3M-Q9XD" orderState="paid" />);
    const card = await screen.findByTestId('order-invoice');
    expect(card.textContent).toContain('Hóa đơn GTGT');
    expect(card.textContent).toContain('Mã số thuế0101234567');
    expect(card.textContent).toContain('Số hóa đơn0000123');
    expect(card.textContent).toContain('Mã tra cứuTRACUU-ABC');
    expect(screen.queryByRole('button', { name: 'Sửa thông tin' })).toBeNull();
  });

  it('lets the buyer ask for one on a pending order, checking the tax code first', async () => {
    await inLanguage('en');
    const calls = stubApi(null);
    renderInApp(<OrderInvoice code="FB-7K3M-Q9XD" orderState="pending" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request a VAT invoice' }));
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Công ty TNHH Quy Trình' } });
    fireEvent.change(screen.getByLabelText('Tax code'), { target: { value: '0101234567-1' } });
    fireEvent.change(screen.getByLabelText('Company address'), { target: { value: '1 Tràng Tiền' } });
    fireEvent.change(screen.getByLabelText('E-mail for the invoice'), {
      target: { value: 'ketoan@quytrinh.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice details' }));
    expect(await screen.findByText(/A tax code is 10 digits/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('Tax code'), { target: { value: '0101234567-001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice details' }));
    await waitFor(() => expect(screen.getByTestId('invoice-state').textContent).toContain('Requested'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ tax_code: '0101234567-001' });
  });

  it('says a paid order’s request is being issued even before the request’s own answer says so', async () => {
    await inLanguage('en');
    stubApi(REQUESTED);
    renderInApp(<OrderInvoice code="FB-7K3M-Q9XD" orderState="paid" />);
    expect((await screen.findByTestId('invoice-state')).textContent).toBe(
      'Being issued: you will receive an e-mail with the invoice number and lookup code.',
    );
  });

  it('says nothing on a failed order without a request', async () => {
    await inLanguage('en');
    const calls = stubApi(null);
    const { container } = renderInApp(<OrderInvoice code="FB-7K3M-Q9XD" orderState="expired" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('');
  });
});
