import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { inLanguage } from '@/test/render';
import { PriceInput } from './price-input';

afterEach(cleanup);

const RATES = { fee_percent: 10, vat_percent: 5, pit_percent: 2 };

function Field({ initial = '', rates }: { initial?: string; rates?: typeof RATES }) {
  const [value, setValue] = useState(initial);
  return <PriceInput id="price" value={value} onChange={setValue} rates={rates} />;
}

async function renderIn(language: 'en' | 'vi', rates?: typeof RATES) {
  await inLanguage(language);
  render(<Field rates={rates} />);
  return screen.getByRole('textbox', { name: i18n.t('publish.price') });
}

describe('PriceInput', () => {
  it.each([
    { language: 'en', typed: '99.000', shown: 'Buyers pay 99,000 VNĐ', regrouped: '99,000' },
    { language: 'vi', typed: '99,000', shown: 'Người mua trả 99.000 VNĐ', regrouped: '99.000' },
  ] as const)(
    'in $language, shows what "$typed" is while it is typed, and regroups it as $regrouped on leaving',
    async ({ language, typed, shown, regrouped }) => {
      const input = await renderIn(language);
      fireEvent.change(input, { target: { value: typed } });
      expect(screen.getByText(shown)).toBeTruthy();
      fireEvent.blur(input);
      expect((input as HTMLInputElement).value).toBe(regrouped);
    },
  );

  it('says free for 0 and shows no amount for text it cannot read', async () => {
    const input = await renderIn('en');
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByText('Free')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1.5' } });
    expect(screen.queryByText(/Buyers pay/)).toBeNull();
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('1.5');
  });

  it.each([
    // 99 000: fee 9 900, VAT 4 950, PIT 1 980 → 82 170.
    { language: 'en', typed: '99000', line: 'You receive about 82,170 VNĐ after the fee and tax withheld' },
    { language: 'vi', typed: '99.000', line: 'Bạn nhận khoảng 82.170 VNĐ sau phí và thuế khấu trừ' },
    // 10 001: fee 1 000, VAT 500 (500.05), PIT 200 (200.02) → 8 301.
    { language: 'en', typed: '10001', line: 'You receive about 8,301 VNĐ after the fee and tax withheld' },
  ] as const)('in $language, says what the seller receives of $typed', async ({ language, typed, line }) => {
    const input = await renderIn(language, RATES);
    fireEvent.change(input, { target: { value: typed } });
    expect(screen.getByText(line)).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toContain('price-net');
  });

  it('says nothing of what the seller receives for a free price, unreadable text or unknown rates', async () => {
    const input = await renderIn('en', RATES);
    for (const typed of ['0', '1.5']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(screen.queryByText(/You receive/)).toBeNull();
    }
    cleanup();
    const withoutRates = await renderIn('en');
    fireEvent.change(withoutRates, { target: { value: '99000' } });
    expect(screen.queryByText(/You receive/)).toBeNull();
  });
});
