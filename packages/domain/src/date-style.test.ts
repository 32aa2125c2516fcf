import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatVietnamDateTime, formatVietnamDay } from './locale-format.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('formatVietnamDateTime', () => {
  it('writes the day as the day formatter does, then the 24-hour time in Vietnam', () => {
    // 15:04 UTC is 22:04 in Vietnam.
    expect(formatVietnamDateTime('2026-11-27T15:04:00Z', 'en')).toBe('Nov 27, 2026, 22:04');
    expect(formatVietnamDateTime('2026-11-27T15:04:00Z', 'vi')).toBe('27 thg 11, 2026 22:04');
    // Just past midnight in Vietnam is already the next day.
    expect(formatVietnamDateTime('2026-11-27T17:05:00Z', 'vi')).toBe('28 thg 11, 2026 00:05');
    expect(formatVietnamDateTime(new Date('2026-01-01T00:00:00Z'), 'en')).toBe('Jan 1, 2026, 07:00');
  });

  it('starts with the same day text as a date alone', () => {
    for (const language of ['en', 'vi'] as const) {
      const instant = '2026-03-09T23:59:00Z';
      expect(formatVietnamDateTime(instant, language).startsWith(formatVietnamDay(instant, language))).toBe(
        true,
      );
    }
  });

  it('refuses an invalid instant', () => {
    expect(() => formatVietnamDateTime('not a date', 'en')).toThrow(RangeError);
  });
});

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name)) files.push(path);
  }
  return files;
}

/**
 * A date with its time is written in one place: a second style ("lúc 22:04 27 tháng 11, 2026" beside
 * "27 thg 11, 2026 22:04") comes from an Intl formatter or toLocaleString elsewhere.
 */
describe('one way to write a date and time', () => {
  it('no source file but locale-format.ts formats a time of day with Intl or toLocale*String', () => {
    const offenders: string[] = [];
    const pattern =
      /toLocale(?:Date|Time)String\(|(?:DateTimeFormat|toLocaleString)\([^{;]*\{[^}]*\b(?:hour|minute|timeStyle|dateStyle)\b/s;
    for (const area of ['apps/web/src', 'apps/server/src', 'packages']) {
      for (const file of sourceFiles(join(ROOT, area))) {
        if (file.endsWith(join('domain', 'src', 'locale-format.ts'))) continue;
        if (pattern.test(readFileSync(file, 'utf8'))) offenders.push(relative(ROOT, file));
      }
    }
    expect(offenders).toEqual([]);
  });
});
