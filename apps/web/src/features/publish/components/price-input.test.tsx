import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { PriceInput } from './price-input';

afterEach(cleanup);

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <PriceInput id="price" value={value} onChange={setValue} />;
}

async function renderIn(language: 'en' | 'vi') {
  await initI18n(language);
  await i18n.changeLanguage(language);
  render(<Field />);
  return screen.getByRole('textbox', { name: i18n.t('publish.price') });
}

describe('PriceInput', () => {
  it('shows what "99.000" is while it is typed, and regroups it the English way on leaving', async () => {
    const input = await renderIn('en');
    fireEvent.change(input, { target: { value: '99.000' } });
    expect(screen.getByText('Buyers pay 99,000 VNĐ')).toBeTruthy();
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('99,000');
  });

  it('reads "99,000" as 99.000 đồng in Vietnamese too', async () => {
    const input = await renderIn('vi');
    fireEvent.change(input, { target: { value: '99,000' } });
    expect(screen.getByText('Người mua trả 99.000 VNĐ')).toBeTruthy();
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('99.000');
  });

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
