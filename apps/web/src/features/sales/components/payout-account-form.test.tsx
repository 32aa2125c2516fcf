import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { PayoutAccountForm } from './payout-account-form';

beforeAll(() => inLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SAVED = {
  bank_code: 'VCB',
  bank_short_name: 'Vietcombank',
  account_number: '•••••••••4567',
  holder_name: 'NGUYEN VAN DUC',
  updated_at: '2026-03-02T03:00:00.000Z',
  payouts_blocked_until: '2026-03-04T03:00:00.000Z',
};

const BANKS = { banks: [{ code: 'VCB', bin: '970436', short_name: 'Vietcombank', name: 'Ngoại thương' }] };

describe('the payout account form', () => {
  it('shows the saved number masked beside an empty field, and sends the whole number typed again', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('/api/banks')) return Response.json(BANKS);
        bodies.push(JSON.parse(String(init?.body)));
        return Response.json({ account: SAVED });
      }),
    );
    renderInApp(<PayoutAccountForm account={SAVED} />);
    const number = screen.getByLabelText('Account number') as HTMLInputElement;
    expect(number.value).toBe('');
    expect(document.body.textContent).toContain(
      'Current account: •••••••••4567. Type the whole number again to change it.',
    );
    fireEvent.change(number, { target: { value: '0071 0012 3456 7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { bank_code: 'VCB', account_number: '0071001234567', holder_name: 'NGUYEN VAN DUC' },
      ]),
    );
  });
});
