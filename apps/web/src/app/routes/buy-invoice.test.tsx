import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuyBlock, type BuyBlockProps } from '@/features/orders/components/buy-block';
import { useInvoiceCheckout } from '@/features/invoices/components/invoice-checkout';
import { inLanguage, renderInApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const WORKFLOW: BuyBlockProps['workflow'] = {
  id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
  price: 299_000,
  status: 'listed',
  access: { can_download: false, can_manage: false, purchased: false, reason: 'payment_required' },
};

/** The detail page's buy block with "I need a VAT invoice", as the page puts them together. */
function BuyWithInvoice({ goToPayment }: { goToPayment: (url: string) => void }) {
  const invoice = useInvoiceCheckout();
  return <BuyBlock workflow={WORKFLOW} signedIn goToPayment={goToPayment} invoice={invoice} />;
}

function stubApi() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ url, method: init?.method ?? 'GET', body });
      if (url === '/api/payments/providers')
        return Response.json({ providers: [{ id: 'test', test_mode: true }] });
      if (url === '/api/orders')
        return Response.json(
          { order: { code: 'FB-7K3M-Q9XD' }, redirect_url: '/test-gateway/pay?vnp_TxnRef=FB-7K3M-Q9XD' },
          { status: 201 },
        );
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  return calls;
}

describe('"I need a VAT invoice" at checkout', () => {
  it('checks the company details, then places them with the order itself before going to pay', async () => {
    await inLanguage('en');
    const calls = stubApi();
    const goToPayment = vi.fn();
    renderInApp(<BuyWithInvoice goToPayment={goToPayment} />);
    const buy = await screen.findByRole('button', { name: 'Buy' });
    expect(screen.queryByLabelText('Tax code')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: /I need a VAT invoice/ }));
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Công ty TNHH Quy Trình' } });
    fireEvent.change(screen.getByLabelText('Tax code'), { target: { value: '010123456' } });
    fireEvent.change(screen.getByLabelText('Company address'), { target: { value: '1 Tràng Tiền, Hà Nội' } });
    fireEvent.change(screen.getByLabelText('E-mail for the invoice'), {
      target: { value: 'ketoan@quytrinh.test' },
    });
    fireEvent.click(buy);
    expect(await screen.findByText(/A tax code is 10 digits/)).toBeTruthy();
    expect(screen.getByLabelText('Tax code').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.url === '/api/orders')).toBe(false);

    fireEvent.change(screen.getByLabelText('Tax code'), { target: { value: ' 0101234567-001 ' } });
    fireEvent.click(buy);
    await waitFor(() =>
      expect(goToPayment).toHaveBeenCalledWith('/test-gateway/pay?vnp_TxnRef=FB-7K3M-Q9XD'),
    );
    // One call places the order and its invoice request together.
    // The price quote is asked for apart (a POST that places nothing).
    expect(calls.filter((call) => call.method === 'POST' && call.url !== '/api/orders/quote')).toEqual([
      {
        url: '/api/orders',
        method: 'POST',
        body: {
          workflow_id: WORKFLOW.id,
          provider: 'test',
          invoice: {
            company_name: 'Công ty TNHH Quy Trình',
            tax_code: '0101234567-001',
            address: '1 Tràng Tiền, Hà Nội',
            email: 'ketoan@quytrinh.test',
          },
        },
      },
    ]);
  });

  it('in Vietnamese; without the box ticked nothing is asked and no request is sent', async () => {
    await inLanguage('vi');
    const calls = stubApi();
    const goToPayment = vi.fn();
    renderInApp(<BuyWithInvoice goToPayment={goToPayment} />);
    expect(await screen.findByRole('checkbox', { name: /Tôi cần xuất hóa đơn GTGT/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Tôi cần xuất hóa đơn GTGT/ }));
    expect(screen.getByLabelText('Mã số thuế')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Tôi cần xuất hóa đơn GTGT/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Mua' }));
    await waitFor(() => expect(goToPayment).toHaveBeenCalled());
    expect(calls.find((call) => call.url === '/api/orders')?.body).toEqual({
      workflow_id: WORKFLOW.id,
      provider: 'test',
    });
  });
});
