import { formatAmount, formatVnd, localeOf, type Language } from '@flowbay/domain/price';

export function asLanguage(language: string | undefined): Language {
  return language === 'vi' ? 'vi' : 'en';
}

export function formatPrice(amount: number, language: string): string {
  return formatVnd(amount, asLanguage(language));
}

/**
 * Dates read in Vietnam's time zone wherever they are formatted, so the page the server renders and
 * the one the browser hydrates say the same day (and a receipt the same time) for every visitor.
 */
const TIME_ZONE = 'Asia/Ho_Chi_Minh';

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(asLanguage(language)), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

/** Counts grouped like prices, so "499,000" / "499.000" reads the same on every screen. */
export function formatNumber(value: number, language: string): string {
  return formatAmount(value, asLanguage(language));
}

/** A share such as a conversion rate: "12.5%" / "12,5%". */
export function formatPercent(share: number, language: string): string {
  return new Intl.NumberFormat(localeOf(asLanguage(language)), {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(share);
}

/** 1.2k style counts for small badges. */
export function formatCompact(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(asLanguage(language)), {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

/** Date and time to the minute, for receipts and order lists. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(asLanguage(language)), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

/** A rating average with one decimal ("4.8", "4,8"). */
export function formatRating(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(asLanguage(language)), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}
