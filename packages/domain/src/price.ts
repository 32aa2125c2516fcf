import { PAID_PRICE_MIN, PRICE_MAX } from './limits.ts';
import { formatWhole } from './locale-format.ts';

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
  return `${formatAmount(amount, language)} VNĐ`;
}

export type PriceProblem = 'nonNegative' | 'whole' | 'min' | 'max';
export type PriceReading = { ok: true; amount: number } | { ok: false; problem: PriceProblem };

const CURRENCY_SUFFIX = /\s*(?:vnđ|vnd|đồng|đ|₫)$/iu;
/** Thousands grouped by one separator used throughout: "99.000", "1,234,000", "1 234 000". */
const GROUPED = /^\d{1,3}(?:([.,\s\u00a0])\d{3})(?:\1\d{3})*$/u;
const DECIMAL = /^\d+[.,]\d+$/;

/** Whether a whole amount of đồng is a price that may be charged: 0 (free) or a paid price in range. */
export function checkPriceAmount(amount: number): PriceReading {
  if (!Number.isFinite(amount) || amount < 0) return { ok: false, problem: 'nonNegative' };
  if (!Number.isInteger(amount)) return { ok: false, problem: 'whole' };
  if (amount === 0) return { ok: true, amount };
  if (amount < PAID_PRICE_MIN) return { ok: false, problem: 'min' };
  if (amount > PRICE_MAX) return { ok: false, problem: 'max' };
  return { ok: true, amount };
}

/**
 * A price as a Vietnamese seller types it. The đồng has no fractions, so "." and "," can only be
 * thousands separators: "99.000", "99,000" and "99 000" are all 99,000 đồng (never 99). Empty is free.
 * A separator that does not group thousands ("1.5", "99,50") is refused rather than guessed.
 */
export function readPrice(text: string): PriceReading {
  const value = text.trim().replace(CURRENCY_SUFFIX, '').trim();
  if (value === '') return { ok: true, amount: 0 };
  if (value.startsWith('-')) return { ok: false, problem: 'nonNegative' };
  if (/^\d+$/.test(value)) return checkPriceAmount(Number(value));
  if (GROUPED.test(value)) return checkPriceAmount(Number(value.replace(/\D/g, '')));
  if (DECIMAL.test(value)) return { ok: false, problem: 'whole' };
  return { ok: false, problem: 'nonNegative' };
}

/** Digits grouped the way the language writes them, without the currency: "99,000" / "99.000". */
export function formatAmount(amount: number, language: Language): string {
  return formatWhole(amount, language);
}
