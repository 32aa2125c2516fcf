import {
  formatCalendarPeriod,
  formatCompactCount,
  formatFixed,
  formatVietnamDateTime,
  formatVietnamDay,
} from '@flowbay/domain/locale-format';
import { formatAmount, formatVnd, localeOf, type Language } from '@flowbay/domain/price';

export function asLanguage(language: string | undefined): Language {
  return language === 'vi' ? 'vi' : 'en';
}

export function formatPrice(amount: number, language: string): string {
  return formatVnd(amount, asLanguage(language));
}

/*
 * Dates read in Vietnam's time zone wherever they are formatted, so the page the server renders and
 * the one the browser hydrates say the same day (and a receipt the same time) for every visitor.
 *
 * Prices, counts, days, times and ratings are written without Intl (@flowbay/domain/locale-format):
 * the first Intl formatter loads the browser's locale data in the middle of hydration, and e-mails
 * write dates with the same code. Signed-in screens' shares (sales' rates) use Intl.
 */

/**
 * One formatter per style and language, built on first use: building an Intl formatter (a time
 * zone's above all) costs far more than formatting with it, and a page formats dozens of values.
 */
function formatter<F>(build: (locale: string) => F): (language: string) => F {
  const built = new Map<Language, F>();
  return (language) => {
    const lang = asLanguage(language);
    let format = built.get(lang);
    if (!format) {
      format = build(localeOf(lang));
      built.set(lang, format);
    }
    return format;
  };
}

const percentFormat = formatter(
  (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
);

export function formatDate(iso: string, language: string): string {
  return formatVietnamDay(iso, asLanguage(language));
}

/** A chart's day or month (`YYYY-MM-DD`, `YYYY-MM`): "Mar 2" / "2 thg 3", "Nov 2026" / "thg 11, 2026". */
export function formatPeriod(period: string, language: string): string {
  return formatCalendarPeriod(period, asLanguage(language));
}

/** Counts grouped like prices, so "499,000" / "499.000" reads the same on every screen. */
export function formatNumber(value: number, language: string): string {
  return formatAmount(value, asLanguage(language));
}

/** A share such as a conversion rate: "12.5%" / "12,5%". */
export function formatPercent(share: number, language: string): string {
  return percentFormat(language).format(share);
}

/** 1.2k style counts for small badges. */
export function formatCompact(value: number, language: string): string {
  return formatCompactCount(value, asLanguage(language));
}

/**
 * Date and time to the minute, for receipts and order lists: "Nov 27, 2026, 22:04" / "27 thg 11, 2026
 * 22:04", as e-mails write it too (one style per language).
 */
export function formatDateTime(iso: string, language: string): string {
  return formatVietnamDateTime(iso, asLanguage(language));
}

/** A rating average with one decimal ("4.8", "4,8"). */
export function formatRating(value: number, language: string): string {
  return formatFixed(value, 1, asLanguage(language));
}
