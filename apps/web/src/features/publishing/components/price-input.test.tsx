import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { inLanguage } from '@/test/render';
import { PriceInput } from './price-input';

afterEach(cleanup);

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <PriceInput id="price" value={value} onChange={setValue} />;
}

async function renderIn(language: 'en' | 'vi') {
  await inLanguage(language);
  render(<Field />);
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
});
