import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { TaxProfileForm } from './tax-profile-form';

beforeAll(() => inLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SAVED = {
  kind: 'household' as const,
  legal_name: 'Hộ kinh doanh Minh Phát',
  tax_id_masked: '•••••••678-001',
  tax_id_type: 'tax_code' as const,
  address: '5 Hai Bà Trưng, Hà Nội',
  updated_at: '2026-03-02T03:00:00.000Z',
};

describe('the tax profile form', () => {
  it('shows a saved tax code masked only, and leaves its field empty', () => {
    renderInApp(<TaxProfileForm profile={SAVED} />);
    expect(screen.getByTestId('tax-id-masked').textContent).toContain('•••••••678-001');
    expect((screen.getByLabelText('Tax code or national ID number') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('0312345678');
    expect((screen.getByLabelText('You sell as') as HTMLSelectElement).value).toBe('household');
  });

  it('refuses a malformed tax code before sending anything, and a company without its tax code', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderInApp(<TaxProfileForm profile={null} />);
    fireEvent.change(screen.getByLabelText(/Full legal name/), { target: { value: 'Trần Thị Mai' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 Lê Lợi, Huế' } });
    const taxId = screen.getByLabelText('Tax code or national ID number');
    fireEvent.change(taxId, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax profile' }));
    expect(await screen.findByText('Type a 10 or 13-digit tax code or a 12-digit ID number.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('You sell as'), { target: { value: 'company' } });
    fireEvent.change(taxId, { target: { value: '079201001234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax profile' }));
    expect(await screen.findByText('A company needs its 10 or 13-digit tax code.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the profile with the tax code without spaces, then empties the field', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ profile: { ...SAVED, kind: 'individual' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderInApp(<TaxProfileForm profile={null} />);
    fireEvent.change(screen.getByLabelText(/Full legal name/), { target: { value: ' Trần Thị Mai ' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 Lê Lợi, Huế' } });
    const taxId = screen.getByLabelText('Tax code or national ID number') as HTMLInputElement;
    fireEvent.change(taxId, { target: { value: '0792 0100 1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax profile' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/me/tax-profile');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      kind: 'individual',
      legal_name: 'Trần Thị Mai',
      tax_id: '079201001234',
      address: '12 Lê Lợi, Huế',
    });
    await waitFor(() => expect(taxId.value).toBe(''));
  });
});
