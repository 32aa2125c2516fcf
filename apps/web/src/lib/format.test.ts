import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { formatCompact, formatDate, formatNumber, formatPercent, formatPrice, formatRating } from './format';

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

describe('what public pages show is written without the Intl API', () => {
  // The first Intl object a browser builds loads its locale data, a long task during hydration.
  const saved = {
    NumberFormat: Intl.NumberFormat,
    PluralRules: Intl.PluralRules,
    DateTimeFormat: Intl.DateTimeFormat,
  };
  const refuseIntl = () => {
    for (const name of Object.keys(saved) as (keyof typeof saved)[])
      Object.defineProperty(Intl, name, {
        configurable: true,
        writable: true,
        value: function refused() {
          throw new Error(`Intl.${name} was built`);
        },
      });
  };
  afterEach(() => Object.assign(Intl, saved));

  it('prices, counts, days and ratings', () => {
    refuseIntl();
    expect(formatPrice(499_000, 'vi')).toBe('499.000 VNĐ');
    expect(formatCompact(12_345, 'en')).toBe('12.3K');
    expect(formatRating(4.25, 'vi')).toBe('4,3');
    expect(formatDate('2026-11-05T17:30:00Z', 'en')).toBe('Nov 6, 2026');
  });

  it('counts and plural forms inside translated sentences', async () => {
    await i18n.changeLanguage('en');
    refuseIntl();
    expect(i18n.t('card.views', { count: 1 })).toBe('1 view');
    expect(i18n.t('card.views', { count: 2_212 })).toBe('2,212 views');
    await i18n.changeLanguage('vi');
    expect(i18n.t('card.views', { count: 1 })).toBe(i18n.t('card.views', { count: 2 }).replace('2', '1'));
    expect(i18n.t('card.views', { count: 2_212 })).toContain('2.212');
  });
});
