import { describe, expect, it } from 'vitest';
import {
  formatCalendarPeriod,
  formatCompactCount,
  formatFixed,
  formatVietnamDay,
  formatWhole,
} from './locale-format.ts';
import type { Language } from './price.ts';

const LOCALES: Record<Language, string> = { en: 'en-US', vi: 'vi-VN' };
const LANGUAGES: Language[] = ['en', 'vi'];

/** Values that reach the formats: counts, prices, averages, and the edges where rounding carries. */
const NUMBERS = [
  0,
  -0,
  1,
  5,
  9,
  10,
  99,
  100,
  999,
  1000,
  1049,
  1050,
  1099,
  1250,
  9999,
  10_000,
  12_345,
  99_000,
  99_949,
  99_950,
  100_000,
  499_000,
  999_949,
  999_950,
  999_999,
  1_000_000,
  1_250_000,
  12_000_000,
  99_999_999,
  1_500_000_000,
  2_000_000_000_000,
  999_999_999_999_999,
  -1,
  -1250,
  -499_000,
  0.05,
  0.45,
  1.05,
  2.5,
  4.25,
  4.35,
  4.45,
  13 / 3,
  14 / 3,
  999.95,
  1234.5,
  1e15,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

// A spread of counts the way a catalogue has them: every magnitude, many first digits.
for (let step = 1; step < 1e14; step *= 7) NUMBERS.push(Math.round(step), Math.round(step * 1.37) + 0.5);

describe('numbers written without Intl read as Intl writes them', () => {
  for (const language of LANGUAGES) {
    const locale = LOCALES[language];
    it(`whole numbers in ${locale}`, () => {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      for (const value of NUMBERS)
        expect(formatWhole(value, language), String(value)).toBe(intl.format(value));
    });

    it(`one decimal in ${locale} (ratings)`, () => {
      const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      for (const value of NUMBERS)
        expect(formatFixed(value, 1, language), String(value)).toBe(intl.format(value));
    });

    it(`compact counts in ${locale}`, () => {
      const intl = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
      // Intl's numbers; Vietnamese spells its abbreviated units out (N, Tr, T, NT: nghìn, triệu, tỷ, nghìn tỷ).
      const words: Record<string, string> = { N: 'nghìn', Tr: 'triệu', T: 'tỷ', NT: 'nghìn\u00a0tỷ' };
      const expected = (value: number) =>
        language === 'vi'
          ? intl.format(value).replace(/\u00a0(NT|Tr|N|T)$/, (_, unit: string) => `\u00a0${words[unit]}`)
          : intl.format(value);
      for (const value of NUMBERS)
        expect(formatCompactCount(value, language), String(value)).toBe(expected(value));
    });
  }

  it('groups thousands with commas in English and dots in Vietnamese', () => {
    expect(formatWhole(1_234_567, 'en')).toBe('1,234,567');
    expect(formatWhole(1_234_567, 'vi')).toBe('1.234.567');
    expect(formatFixed(4.5, 1, 'vi')).toBe('4,5');
    expect(formatCompactCount(1250, 'en')).toBe('1.3K');
    expect(formatCompactCount(1250, 'vi')).toBe('1,3\u00a0nghìn');
    expect(formatCompactCount(3100, 'vi')).toBe('3,1\u00a0nghìn');
    expect(formatCompactCount(2_000_000, 'vi')).toBe('2\u00a0triệu');
    expect(formatCompactCount(3_400_000_000, 'vi')).toBe('3,4\u00a0tỷ');
  });
});

describe('days in Vietnam', () => {
  it('are the days Intl gives in Asia/Ho_Chi_Minh, in both languages', () => {
    const formats = LANGUAGES.map(
      (language) =>
        [
          language,
          new Intl.DateTimeFormat(LOCALES[language], {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            timeZone: 'Asia/Ho_Chi_Minh',
          }),
        ] as const,
    );
    // Every 5 h 17 min from 1976 to 2060: each month, both sides of midnight in Vietnam and in UTC.
    const step = (5 * 60 + 17) * 60 * 1000;
    for (let time = Date.UTC(1976, 0, 1); time < Date.UTC(2060, 0, 1); time += step * 97) {
      for (const [language, intl] of formats) {
        const instant = new Date(time).toISOString();
        expect(formatVietnamDay(instant, language), instant).toBe(intl.format(new Date(time)));
      }
    }
  });

  it('turn the day at midnight in Vietnam, not in UTC', () => {
    expect(formatVietnamDay('2026-11-05T16:59:59Z', 'en')).toBe('Nov 5, 2026');
    expect(formatVietnamDay('2026-11-05T17:00:00Z', 'en')).toBe('Nov 6, 2026');
    expect(formatVietnamDay('2026-11-05T17:00:00Z', 'vi')).toBe('6 thg 11, 2026');
  });

  it('refuse a date that is not one, as Intl does', () => {
    expect(() => formatVietnamDay('not a date', 'en')).toThrow(RangeError);
  });
});

describe('calendar periods on a chart axis', () => {
  it('write a day and a month the way whole dates read in each language', () => {
    expect(formatCalendarPeriod('2026-03-02', 'en')).toBe('Mar 2');
    expect(formatCalendarPeriod('2026-03-02', 'vi')).toBe('2 thg 3');
    expect(formatCalendarPeriod('2026-11', 'en')).toBe('Nov 2026');
    expect(formatCalendarPeriod('2026-11', 'vi')).toBe('thg 11, 2026');
    // The same day as formatVietnamDay writes it, without the year.
    expect(
      formatVietnamDay('2026-03-01T17:00:00Z', 'vi').startsWith(formatCalendarPeriod('2026-03-02', 'vi')),
    ).toBe(true);
  });

  it('refuse what is not a period', () => {
    for (const period of ['', '2026-13', '2026-3-2', 'March']) {
      expect(() => formatCalendarPeriod(period, 'en'), period).toThrow(RangeError);
    }
  });
});
