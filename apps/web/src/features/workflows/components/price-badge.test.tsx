import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, inLanguage } from '@/test/render';
import { PriceBadge } from './price-badge';

describe('price badge', () => {
  it.each([
    {
      language: 'en',
      grouping: 'English',
      price: 250_000,
      paid: '250,000 VNĐ',
      free: 'Free',
      other: 'Miễn phí',
    },
    {
      language: 'vi',
      grouping: 'Vietnamese',
      price: 1_250_000,
      paid: '1.250.000 VNĐ',
      free: 'Miễn phí',
      other: 'Free',
    },
  ] as const)(
    'shows the price with $grouping grouping, or $free',
    async ({ language, price, paid, free, other }) => {
      await inLanguage(language);
      renderInApp(
        <>
          <PriceBadge price={price} />
          <PriceBadge price={0} />
        </>,
      );
      expect(screen.getByText(paid)).toBeTruthy();
      expect(screen.getByText(free)).toBeTruthy();
      expect(screen.queryByText(other)).toBeNull();
    },
  );
});
