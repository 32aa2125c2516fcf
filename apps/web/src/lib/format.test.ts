import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { formatNumber, formatPercent, formatPrice } from './format';

beforeAll(() => initI18n('en'));
afterAll(() => i18n.changeLanguage('en'));

describe('one number format per UI language', () => {
  it('groups prices and counts with commas in English and dots in Vietnamese', () => {
    expect(formatPrice(499_000, 'en')).toBe('499,000 VNĐ');
    expect(formatPrice(499_000, 'vi')).toBe('499.000 VNĐ');
    expect(formatNumber(1_234_567, 'en')).toBe('1,234,567');
    expect(formatNumber(1_234_567, 'vi')).toBe('1.234.567');
    expect(formatPercent(0.125, 'vi')).toBe('12,5%');
  });

  it('writes counts inside translated sentences the same way', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('card.views', { count: 499_000 })).toBe(`${formatNumber(499_000, 'en')} views`);
    await i18n.changeLanguage('vi');
    expect(i18n.t('card.views', { count: 499_000 })).toContain(formatNumber(499_000, 'vi'));
    expect(i18n.t('card.views', { count: 499_000 })).not.toContain('499000');
  });
});
