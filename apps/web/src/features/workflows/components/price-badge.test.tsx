import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, inLanguage } from '@/test/render';
import { PriceBadge } from './price-badge';

describe('price badge', () => {
  it('shows the price with English grouping, or Free', async () => {
    await inLanguage('en');
    renderInApp(
      <>
        <PriceBadge price={250_000} />
        <PriceBadge price={0} />
      </>,
    );
    expect(screen.getByText('250,000 VNĐ')).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
  });

  it('shows the price with Vietnamese grouping, or Miễn phí', async () => {
    await inLanguage('vi');
    renderInApp(
      <>
        <PriceBadge price={1_250_000} />
        <PriceBadge price={0} />
      </>,
    );
    expect(screen.getByText('1.250.000 VNĐ')).toBeTruthy();
    expect(screen.getByText('Miễn phí')).toBeTruthy();
    expect(screen.queryByText('Free')).toBeNull();
  });
});
