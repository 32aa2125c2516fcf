export type Language = 'en' | 'vi';
export const LANGUAGES: readonly Language[] = ['en', 'vi'];

export const PRICE_FILTERS = ['all', 'free', 'paid', 'under-100k', '100k-500k', 'over-500k'] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];

/**
 * Price bands in whole đồng (docs/decisions/0003-price-bands.md): a band's lower bound is
 * inclusive and its upper bound exclusive, so every paid price lands in exactly one band.
 */
export const PRICE_BANDS: Record<Exclude<PriceFilter, 'all'>, { min: number; max?: number }> = {
  free: { min: 0, max: 1 },
  paid: { min: 1 },
  'under-100k': { min: 1, max: 100_000 },
  '100k-500k': { min: 100_000, max: 500_000 },
  'over-500k': { min: 500_000 },
};

const LOCALES: Record<Language, string> = { en: 'en-US', vi: 'vi-VN' };

export function localeOf(language: Language): string {
  return LOCALES[language];
}

/** `1,234,000 VNĐ` in English, `1.234.000 VNĐ` in Vietnamese. */
export function formatVnd(amount: number, language: Language): string {
  return `${new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 }).format(amount)} VNĐ`;
}
