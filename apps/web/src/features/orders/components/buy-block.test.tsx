import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkflowAccess } from '@flowbay/domain';
import { initI18n } from '@/i18n';
import { BuyBlock, type BuyBlockProps } from './buy-block';

beforeAll(() => initI18n('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCESS: Record<WorkflowAccess['reason'], WorkflowAccess> = {
  free: { can_download: true, can_manage: false, purchased: false, reason: 'free' },
  author: { can_download: true, can_manage: true, purchased: false, reason: 'author' },
  admin: { can_download: true, can_manage: true, purchased: false, reason: 'admin' },
  purchased: { can_download: true, can_manage: false, purchased: true, reason: 'purchased' },
  payment_required: { can_download: false, can_manage: false, purchased: false, reason: 'payment_required' },
};

function workflow(reason: WorkflowAccess['reason']): BuyBlockProps['workflow'] {
  return {
    id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
    price: 299_000,
    status: 'listed',
    access: ACCESS[reason],
  };
}

/** The API as the browser sees it: the configured providers and the order endpoint. */
function stubApi(providers: { id: string; test_mode: boolean }[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/payments/providers') return Response.json({ providers });
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

function AuthPage() {
  const location = useLocation();
  return <p>sign-in page, back to {(location.state as { from?: string } | null)?.from}</p>;
}

function renderAt(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/workflows/slack-alerts-8d1f7a36']}>
        <Routes>
          <Route path="/workflows/:ref" element={ui} />
          <Route path="/auth" element={<AuthPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BuyBlock', () => {
  it('shows the author their own listing: no Buy button, no "purchase required"', () => {
    const calls = stubApi([{ id: 'test', test_mode: true }]);
    renderAt(<BuyBlock workflow={workflow('author')} signedIn />);
    expect(screen.getByText('This is your listing')).toBeTruthy();
    expect(screen.getByTestId('owner-notice').textContent).toContain('299,000 VNĐ');
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
    expect(document.body.textContent).not.toContain('Purchase required');
    expect(calls).toEqual([]);
  });

  it('shows an admin the administrator view without a Buy button', () => {
    stubApi([{ id: 'test', test_mode: true }]);
    renderAt(<BuyBlock workflow={workflow('admin')} signedIn />);
    expect(screen.getByText('Administrator view')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });

  it('tells a buyer who owns it so, with a link to their purchases', () => {
    stubApi([{ id: 'test', test_mode: true }]);
    renderAt(<BuyBlock workflow={workflow('purchased')} signedIn />);
    expect(screen.getByText('You own this workflow')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My purchases' }).getAttribute('href')).toBe('/me/purchases');
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });

  it('labels the test gateway and sends an anonymous visitor to sign in and back', async () => {
    const calls = stubApi([{ id: 'test', test_mode: true }]);
    renderAt(<BuyBlock workflow={workflow('payment_required')} signedIn={false} />);
    expect(screen.getByTestId('buy-price').textContent).toBe('299,000 VNĐ');
    await screen.findByText('Test payment — no money moves');
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByText('sign-in page, back to /workflows/slack-alerts-8d1f7a36#buy');
    expect(calls.some((call) => call.url === '/api/orders')).toBe(false);
  });

  it('places the order with the chosen provider and goes to its payment page', async () => {
    const calls = stubApi([
      { id: 'vnpay', test_mode: false },
      { id: 'stripe', test_mode: false },
    ]);
    const goToPayment = vi.fn();
    renderAt(<BuyBlock workflow={workflow('payment_required')} signedIn goToPayment={goToPayment} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Card (Stripe)' }));
    expect(screen.queryByText('Test payment — no money moves')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() =>
      expect(goToPayment).toHaveBeenCalledWith('/test-gateway/pay?vnp_TxnRef=FB-7K3M-Q9XD'),
    );
    expect(calls.find((call) => call.url === '/api/orders')?.body).toEqual({
      workflow_id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
      provider: 'stripe',
    });
  });

  it('says so when no provider is configured instead of offering a dead button', async () => {
    stubApi([]);
    renderAt(<BuyBlock workflow={workflow('payment_required')} signedIn />);
    await screen.findByText('Payments are not available right now. Please try again later.');
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });
});
