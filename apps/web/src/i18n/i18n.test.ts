import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@flowbay/domain/errors';
import { API_MESSAGES } from '@flowbay/domain/messages';
import enUi from './en.json';
import viUi from './vi.json';
import pagesEn from './pages.en.json';
import pagesVi from './pages.vi.json';
import { withApiMessages } from './resources';
import signedInEn from './signed-in.en.json';
import signedInVi from './signed-in.vi.json';

/**
 * What the app loads once a signed-in screen has opened: the UI texts and the signed-in screens'
 * texts, with the API's messages from packages/domain merged in.
 */
const en = withApiMessages({ ...enUi, ...signedInEn }, API_MESSAGES.en);
const vi = withApiMessages({ ...viUi, ...signedInVi }, API_MESSAGES.vi);

type Tree = { [key: string]: unknown };

/** Every leaf path; array items count by index so both languages need the same number of items. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keysOf(item, `${prefix}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value as Tree).flatMap(([key, child]) =>
      keysOf(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('translations', () => {
  it('en.json and vi.json have exactly the same keys', () => {
    expect(keysOf(vi).sort()).toEqual(keysOf(en).sort());
  });

  it("the signed-in screens' texts add sections of their own, never replace one", () => {
    expect(Object.keys(signedInEn).filter((section) => section in enUi)).toEqual([]);
    expect(Object.keys(signedInVi).sort()).toEqual(Object.keys(signedInEn).sort());
  });

  it('the static pages have the same keys in both languages', () => {
    expect(keysOf(pagesVi).sort()).toEqual(keysOf(pagesEn).sort());
  });

  it('no Vietnamese string is left empty or in English by copy-paste', () => {
    const english = new Map(keysOf(en).map((key) => [key, key]));
    const leaves = (tree: unknown) =>
      new Map(
        keysOf(tree).map((key) => [
          key,
          key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree),
        ]),
      );
    const enValues = leaves(en);
    const viValues = leaves(vi);
    const identical = [...english.keys()].filter((key) => {
      const value = viValues.get(key);
      return value === '' || (value === enValues.get(key) && /[a-z]{4,} [a-z]{4,}/i.test(String(value)));
    });
    expect(identical).toEqual([]);
  });

  it('every API error code has a message', () => {
    for (const code of ERROR_CODES) expect(en.errors, code).toHaveProperty(code);
  });

  it('the terms have 13 sections, the privacy policy 14 and the FAQ 14 questions', () => {
    expect(pagesEn.terms.sections).toHaveLength(13);
    expect(pagesEn.privacy.sections).toHaveLength(14);
    expect(pagesEn.faq.items).toHaveLength(14);
  });

  it('the terms, privacy policy and FAQ say what tax is withheld, how invoices work and who processes payments', () => {
    const titles = pagesEn.terms.sections.map((section) => section.title);
    expect(titles).toEqual(expect.arrayContaining(['Tax withheld for sellers', 'VAT invoices']));
    const payments = pagesEn.privacy.sections.find((section) => section.title === 'Payments')!.body.join(' ');
    for (const processor of ['VNPay', 'payOS', 'Stripe']) expect(payments).toContain(processor);
    const questions = pagesEn.faq.items.map((item) => item.question);
    expect(questions).toEqual(
      expect.arrayContaining(['Why is tax withheld from my sales?', 'Can I get a VAT invoice?']),
    );
  });

  it('every literal key used in the code exists in en.json', () => {
    const known = new Set(keysOf(en).map((key) => key.replace(/_(one|other)$/, '')));
    const prefixes = new Set(
      keysOf(en).flatMap((key) =>
        key.split('.').map((_, index, parts) => parts.slice(0, index + 1).join('.')),
      ),
    );
    const missing: string[] = [];
    for (const file of sourceFiles(join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      // The static pages' texts are another namespace (pages.*.json).
      if (text.includes('usePagesText') || text.includes("useTranslation('pages')")) continue;
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)) {
        const key = match[1]!;
        if (!known.has(key) && !prefixes.has(key)) missing.push(`${file}: ${key}`);
      }
      for (const match of text.matchAll(
        /\?\s*'([a-z]+\.[a-zA-Z0-9_.]+)'\s*:\s*'([a-z]+\.[a-zA-Z0-9_.]+)'/g,
      )) {
        for (const key of [match[1]!, match[2]!]) if (!known.has(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
