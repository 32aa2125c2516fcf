import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LicenceTier, Purchase, WorkflowAccess } from '@flowbay/domain';
import { i18n } from '@/i18n';
import { stubFetch, type ApiCall } from '@/test/api-stub';
import { paidOrder } from '@/test/orders';
import { inLanguage, renderInApp } from '@/test/render';
import { BuyBlock, type BuyBlockProps } from './buy-block';

beforeAll(() => inLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('en'));

const ID = '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f';
const PRICES: Record<LicenceTier, number> = { personal: 100_000, commercial: 300_000, agency: 800_000 };
const TIERS: LicenceTier[] = ['personal', 'commercial', 'agency'];

function workflow(reason: WorkflowAccess['reason']): BuyBlockProps['workflow'] {
  return {
    id: ID,
    price: PRICES.personal,
    status: 'listed',
    access: {
      can_download: reason === 'purchased',
      can_manage: false,
      purchased: reason === 'purchased',
      reason,
    },
  };
}

/**
 * The API of a workflow selling the three tiers (Agency for 5 clients), the code SPRING20 (20 % off)
 * and a buyer holding `held`: the quote answers as the server's pricing does.
 */
function stubShop(held: LicenceTier | null = null) {
  const rank = (tier: LicenceTier) => TIERS.indexOf(tier);
  const upgrades = held
    ? TIERS.filter((tier) => rank(tier) > rank(held)).map((tier) => ({
        tier,
        amount: PRICES[tier] - PRICES[held],
      }))
    : [];
  const purchase: Purchase = {
    order: paidOrder({ amount: PRICES.personal }),
    licence: held ?? 'personal',
    upgrades,
    workflow: {
      id: ID,
      number: 42,
      title: 'Slack invoice alerts',
      slug: 'slack-invoice-alerts',
      platform: 'n8n',
      latest_version: '1.0',
      deleted: false,
    },
  };
  const error = (code: string, status = 400) => Response.json({ error: { code, message: code } }, { status });
  return stubFetch((call: ApiCall) => {
    if (call.url === '/api/payments/providers')
      return Response.json({ providers: [{ id: 'test', test_mode: true }] });
    if (call.url === '/api/me/purchases') return Response.json({ purchases: held ? [purchase] : [] });
    if (call.url === '/api/orders/quote') {
      const body = call.body as { licence: LicenceTier; discount_code?: string };
      if (held && rank(body.licence) <= rank(held)) return error('LICENCE_ALREADY_OWNED');
      if (body.discount_code && body.discount_code !== 'SPRING20') return error('DISCOUNT_CODE_INVALID');
      const subtotal = PRICES[body.licence] - (held ? PRICES[held] : 0);
      const discount = body.discount_code ? Math.floor(subtotal / 5) : 0;
      return Response.json({
        workflow_id: ID,
        licence: body.licence,
        upgrade_from: held,
        list_price: PRICES[body.licence],
        subtotal,
        discount_code: body.discount_code ?? null,
        discount_amount: discount,
        amount: subtotal - discount,
        currency: 'VND',
        licences: TIERS.map((tier) => ({
          tier,
          price: PRICES[tier],
          agency_clients: tier === 'agency' ? 5 : null,
          text: { en: `${tier} licence text`, vi: `văn bản giấy phép ${tier}` },
        })),
      });
    }
    if (call.url === '/api/orders')
      return Response.json(
        { order: { code: 'FB-7K3M-Q9XD' }, redirect_url: '/test-gateway/pay?vnp_TxnRef=FB-7K3M-Q9XD' },
        { status: 201 },
      );
    return undefined;
  });
}

function renderBlock(props: BuyBlockProps, path = '/workflows/slack-invoice-alerts-42') {
  return renderInApp(
    <Routes>
      <Route path="/workflows/:ref" element={<BuyBlock {...props} />} />
    </Routes>,
    { path },
  );
}

function SignIn() {
  const location = useLocation();
  return <p>back to {(location.state as { from?: string } | null)?.from}</p>;
}

const orderBody = (calls: ApiCall[]) => calls.find((call) => call.url === '/api/orders')?.body;

describe('the Buy block sells licence tiers', () => {
  it('shows each tier with its price and what it allows, and quotes a tier with a code before paying', async () => {
    const calls = stubShop();
    const goToPayment = vi.fn();
    renderBlock({ workflow: workflow('payment_required'), signedIn: true, goToPayment });
    const personal = await screen.findByRole('radio', { name: 'Personal licence' });
    expect((personal as HTMLInputElement).checked).toBe(true);
    const commercial = screen.getByRole('radio', { name: 'Commercial licence (one business)' });
    const agency = screen.getByRole('radio', { name: 'Agency licence (up to 5 clients)' });
    expect(agency.getAttribute('aria-describedby')).toBeTruthy();
    const choice = screen.getByTestId('licence-choice');
    expect(choice.textContent).toContain('300,000 VNĐ');
    expect(choice.textContent).toContain('For one business, used by any number of its staff.');
    expect(choice.textContent).toContain('Deploy and run it for up to 5 of your clients.');
    expect(
      screen.getByRole('link', { name: 'Read the licences in full in the terms' }).getAttribute('href'),
    ).toBe('/terms#licences');
    expect((await screen.findByRole('status')).textContent).toBe('You pay 100,000 VNĐ');

    fireEvent.click(commercial);
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('You pay 300,000 VNĐ'));
    expect(screen.getByTestId('licence-text').textContent).toContain(
      'Commercial licence: one business (the buyer or the company they act for)',
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Discount code' }), {
      target: { value: ' spring20 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('You pay 240,000 VNĐ'));
    expect(screen.getByTestId('buy-price').textContent).toBe('240,000 VNĐ');
    expect(screen.getByTestId('quote-detail').textContent).toBe(
      'Code SPRING20: −60,000 VNĐ off 300,000 VNĐ.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(goToPayment).toHaveBeenCalled());
    expect(orderBody(calls)).toEqual({
      workflow_id: ID,
      provider: 'test',
      licence: 'commercial',
      discount_code: 'SPRING20',
    });
  });

  it('says why a code is refused, keeps the tier’s price and places no order until it is removed', async () => {
    const calls = stubShop();
    const goToPayment = vi.fn();
    renderBlock({ workflow: workflow('payment_required'), signedIn: true, goToPayment });
    fireEvent.click(await screen.findByRole('radio', { name: 'Agency licence (up to 5 clients)' }));
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('You pay 800,000 VNĐ'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Discount code' }), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This discount code is not valid for this workflow right now.');
    expect(screen.getByTestId('buy-price').textContent).toBe('800,000 VNĐ');
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(orderBody(calls)).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(goToPayment).toHaveBeenCalled());
    expect(orderBody(calls)).toEqual({ workflow_id: ID, provider: 'test', licence: 'agency' });
  });
});

describe('a visitor who is not signed in', () => {
  it('sees the tiers the page lists, and signs in to buy the one chosen', async () => {
    const calls = stubShop();
    renderInApp(
      <Routes>
        <Route
          path="/workflows/:ref"
          element={
            <BuyBlock
              workflow={{
                ...workflow('payment_required'),
                commercial_price: PRICES.commercial,
                agency_price: PRICES.agency,
                agency_clients: 5,
              }}
              signedIn={false}
            />
          }
        />
        <Route path="/auth" element={<SignIn />} />
      </Routes>,
      { path: '/workflows/slack-invoice-alerts-42' },
    );
    const agency = await screen.findByRole('radio', { name: 'Agency licence (up to 5 clients)' });
    expect(screen.getByTestId('licence-choice').textContent).toContain('800,000 VNĐ');
    fireEvent.click(agency);
    expect(screen.getByTestId('buy-price').textContent).toBe('800,000 VNĐ');
    expect(screen.getByTestId('licence-text').textContent).toContain('for up to 5 clients of yours');
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByText('back to /workflows/slack-invoice-alerts-42?licence=agency#buy');
    expect(calls.some((call) => call.url.startsWith('/api/orders'))).toBe(false);
  });
});

describe('a buyer who owns a lower tier upgrades', () => {
  it('sees the licence held and upgrades to a higher tier for the difference', async () => {
    const calls = stubShop('personal');
    const goToPayment = vi.fn();
    renderBlock({ workflow: workflow('purchased'), signedIn: true, goToPayment });
    expect((await screen.findByTestId('held-licence')).textContent).toBe('Your licence: Personal');
    const block = screen.getByRole('region', { name: 'Upgrade your licence' });
    expect(within(block).queryByRole('radio', { name: 'Personal licence' })).toBeNull();
    expect((await within(block).findByTestId('licence-choice')).textContent).toContain('200,000 VNĐ more');
    expect(within(block).getByTestId('licence-choice').textContent).toContain('700,000 VNĐ more');
    await waitFor(() => expect(within(block).getByRole('status').textContent).toBe('You pay 200,000 VNĐ'));

    fireEvent.click(within(block).getByRole('radio', { name: 'Agency licence (up to 5 clients)' }));
    await waitFor(() => expect(within(block).getByRole('status').textContent).toBe('You pay 700,000 VNĐ'));
    fireEvent.click(within(block).getByRole('button', { name: 'Upgrade to Agency' }));
    await waitFor(() =>
      expect(goToPayment).toHaveBeenCalledWith('/test-gateway/pay?vnp_TxnRef=FB-7K3M-Q9XD'),
    );
    expect(orderBody(calls)).toEqual({ workflow_id: ID, provider: 'test', licence: 'agency' });
  });

  it('opens on the tier the library asked for (?licence=agency)', async () => {
    stubShop('personal');
    renderBlock(
      { workflow: workflow('purchased'), signedIn: true },
      '/workflows/slack-invoice-alerts-42?licence=agency#buy',
    );
    const agency = await screen.findByRole('radio', { name: 'Agency licence (up to 5 clients)' });
    expect((agency as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Upgrade to Agency' })).toBeTruthy();
  });

  it('offers nothing more to the holder of the highest tier', async () => {
    const calls = stubShop('agency');
    renderBlock({ workflow: workflow('purchased'), signedIn: true });
    expect((await screen.findByTestId('held-licence')).textContent).toBe('Your licence: Agency');
    expect(screen.queryByRole('region', { name: 'Upgrade your licence' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).toBeNull();
    expect(calls.some((call) => call.url === '/api/orders/quote')).toBe(false);
  });

  it('says it all in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    stubShop('personal');
    renderBlock({ workflow: workflow('purchased'), signedIn: true });
    expect((await screen.findByTestId('held-licence')).textContent).toBe('Giấy phép của bạn: Cá nhân');
    const block = screen.getByRole('region', { name: 'Nâng cấp giấy phép' });
    expect(
      await within(block).findByRole('radio', { name: 'Giấy phép Thương mại (một doanh nghiệp)' }),
    ).toBeTruthy();
    expect(within(block).getByRole('radio', { name: 'Giấy phép Agency (tối đa 5 khách hàng)' })).toBeTruthy();
    await waitFor(() => expect(within(block).getByRole('status').textContent).toBe('Bạn trả 200.000 VNĐ'));
    expect(within(block).getByRole('textbox', { name: 'Mã giảm giá' })).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Áp dụng' })).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Nâng cấp lên Thương mại' })).toBeTruthy();
    expect(
      within(block).getByRole('link', { name: 'Đọc toàn văn các giấy phép trong điều khoản' }),
    ).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
