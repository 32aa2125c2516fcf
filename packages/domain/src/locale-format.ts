/**
 * Numbers and days written out for English and Vietnamese by hand, giving the same text as the Intl
 * API does for en-US and vi-VN (locale-format.test.ts compares them over many values).
 *
 * Why not Intl: the first Intl object a page builds loads the browser's locale data, about 50 ms of
 * main thread on a fast desktop and four times that on a mid-range phone, in the middle of hydrating a
 * server-rendered page. The server and the browser run this same code, so the text they write agrees.
 */
import type { Language } from './price.ts';

const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  vi: { group: '.', decimal: ',' },
};

/** Beyond this a number may print in exponent form; Intl writes those few. */
const LARGEST_WRITTEN = 1e15;

const intlFallback = new Map<string, Intl.NumberFormat>();
function viaIntl(value: number, language: Language, options: Intl.NumberFormatOptions): string {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = intlFallback.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', options);
    intlFallback.set(key, format);
  }
  return format.format(value);
}

/**
 * `value` (non-negative) rounded half away from zero to `digits` decimals, as the digits of the
 * scaled integer: "12345" for 1234.45 at 1 digit. The decimal text of the number is scaled, not its
 * binary value, so 1.05 rounds to 1.1 as Intl rounds it (1.05 * 10 is 10.499… in binary).
 */
function scaledDigits(value: number, digits: number): string {
  return String(Math.round(Number(`${value}e${digits}`)));
}

function groupThousands(integer: string, separator: string): string {
  let grouped = '';
  for (let end = integer.length; end > 0; end -= 3) {
    const group = integer.slice(Math.max(0, end - 3), end);
    grouped = end === integer.length ? group : `${group}${separator}${grouped}`;
  }
  return grouped;
}

/** Digits grouped in thousands with `fractionDigits` decimals: "1,234.5" / "1.234,5". */
function writeNumber(value: number, fractionDigits: number, language: Language): string {
  const { group, decimal } = SEPARATORS[language];
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const digits = scaledDigits(Math.abs(value), fractionDigits).padStart(fractionDigits + 1, '0');
  const integer = groupThousands(digits.slice(0, digits.length - fractionDigits), group);
  return fractionDigits === 0
    ? `${sign}${integer}`
    : `${sign}${integer}${decimal}${digits.slice(-fractionDigits)}`;
}

const writable = (value: number) => Number.isFinite(value) && Math.abs(value) < LARGEST_WRITTEN;

/** A whole number grouped the way the language writes it: "99,000" / "99.000" (fractions rounded). */
export function formatWhole(value: number, language: Language): string {
  if (!writable(value)) return viaIntl(value, language, { maximumFractionDigits: 0 });
  return writeNumber(value, 0, language);
}

/** Exactly `fractionDigits` decimals: a rating reads "4.5" / "4,5", and 4 reads "4.0". */
export function formatFixed(value: number, fractionDigits: number, language: Language): string {
  if (!writable(value))
    return viaIntl(value, language, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
  return writeNumber(value, fractionDigits, language);
}

/**
 * Units of the short compact notation, from thousands up. Vietnamese readers expect the words ("3,1 nghìn",
 * "2 triệu"), not Intl's abbreviations ("3,1 N", "2 Tr"), after a no-break space.
 */
const COMPACT_UNITS: Record<Language, { space: string; units: string[] }> = {
  en: { space: '', units: ['K', 'M', 'B', 'T'] },
  vi: { space: '\u00a0', units: ['nghìn', 'triệu', 'tỷ', 'nghìn\u00a0tỷ'] },
};

const INTL_VI_UNITS: Record<string, string> = { N: 'nghìn', Tr: 'triệu', T: 'tỷ', NT: 'nghìn\u00a0tỷ' };

/** Intl's compact notation, with the Vietnamese units spelled out as above. */
function compactViaIntl(value: number, language: Language): string {
  const text = viaIntl(value, language, { notation: 'compact', maximumFractionDigits: 1 });
  return language === 'vi'
    ? text.replace(/\u00a0(NT|Tr|N|T)$/, (_, unit: string) => `\u00a0${INTL_VI_UNITS[unit]}`)
    : text;
}

/** A count in a small badge, one decimal at most: "1.2K", "12K", "3M" / "1,2 nghìn", "12 nghìn", "3 triệu". */
export function formatCompactCount(value: number, language: Language): string {
  if (!writable(value)) return compactViaIntl(value, language);
  const { space, units } = COMPACT_UNITS[language];
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const size = Math.abs(value);
  // The unit is chosen by the rounded value: 999,950 is "1M", not "1000K".
  let unit = 0;
  while (unit < units.length && size >= 10 ** (3 * (unit + 1))) unit++;
  let shown = Number(scaledDigits(size, 1 - 3 * unit)) / 10;
  if (shown >= 1000 && unit < units.length) {
    unit++;
    shown = Number(scaledDigits(size, 1 - 3 * unit)) / 10;
  }
  // A thousand of the largest unit: Intl writes it ungrouped ("1000T").
  if (shown >= 1000) return compactViaIntl(value, language);
  const number = writeNumber(shown, Number.isInteger(shown) ? 0 : 1, language);
  return unit === 0 ? `${sign}${number}` : `${sign}${number}${space}${units[unit - 1]}`;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Vietnam's offset from UTC: +7 all year, without summer time, since 13 June 1975. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/**
 * The calendar day of an instant in Vietnam, as each language writes it short: "Nov 6, 2026" /
 * "6 thg 11, 2026". Every visitor reads the same day, wherever their own clock is.
 */
export function formatVietnamDay(instant: string | Date, language: Language): string {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  const day = new Date(time + VIETNAM_OFFSET_MS);
  const [year, month, date] = [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()];
  return language === 'vi' ? `${date} thg ${month + 1}, ${year}` : `${EN_MONTHS[month]} ${date}, ${year}`;
}

/**
 * A calendar period (`YYYY-MM-DD` or `YYYY-MM`, already a day or month of Vietnam's calendar) without
 * the parts a chart's axis repeats: "Nov 6" / "6 thg 11", and "Nov 2026" / "thg 11, 2026", written
 * as `formatVietnamDay` writes a whole date.
 */
export function formatCalendarPeriod(period: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(period);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw new RangeError(`Invalid period ${period}`);
  const year = match[1]!;
  if (match[3] === undefined)
    return language === 'vi' ? `thg ${month}, ${year}` : `${EN_MONTHS[month - 1]} ${year}`;
  const date = Number(match[3]);
  return language === 'vi' ? `${date} thg ${month}` : `${EN_MONTHS[month - 1]} ${date}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * An instant to the minute in Vietnam, the one way every screen, e-mail and receipt writes a date
 * with its time: "Nov 27, 2026, 22:04" / "27 thg 11, 2026 22:04" (the day as `formatVietnamDay`
 * writes it, then the 24-hour time).
 */
export function formatVietnamDateTime(instant: string | Date, language: Language): string {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  const shifted = new Date(time + VIETNAM_OFFSET_MS);
  const clock = `${twoDigits(shifted.getUTCHours())}:${twoDigits(shifted.getUTCMinutes())}`;
  const day = formatVietnamDay(instant, language);
  return language === 'vi' ? `${day} ${clock}` : `${day}, ${clock}`;
}
