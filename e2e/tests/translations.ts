import { readFileSync } from 'node:fs';
import { formatAmount } from '@flowbay/domain/price';
import { API_MESSAGES } from '../../packages/domain/src/messages';
import type { UiLanguage } from './fixtures';

/**
 * The UI strings, straight from the app's translation files (the signed-in screens' too) plus the
 * API message catalogue the app merges into them, so the journeys read what users read.
 */
type Tree = { [key: string]: string | Tree };
const texts = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/i18n/${file}`, import.meta.url), 'utf8')) as Tree;
function dictionary(language: UiLanguage): Tree {
  const ui = texts(`${language}.json`) as Tree & { errors: Tree };
  const signedIn = texts(`signed-in.${language}.json`);
  const api = API_MESSAGES[language];
  return { ...ui, ...signedIn, errors: { ...ui.errors, ...api.errors }, validation: api.validation };
}
const dictionaries: Record<UiLanguage, Tree> = { en: dictionary('en'), vi: dictionary('vi') };

export function translator(language: UiLanguage) {
  return (key: string, values: Record<string, string | number> = {}): string => {
    const leaf = key
      .split('.')
      .reduce<string | Tree | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        dictionaries[language],
      );
    if (typeof leaf !== 'string') throw new Error(`no translation for ${key}`);
    // `{{count, number}}` groups digits the way the app does ("1,234" / "1.234").
    return leaf.replace(/\{\{(\w+)(, number)?\}\}/g, (_, name: string, number?: string) => {
      const value = values[name];
      return number && typeof value === 'number' ? formatAmount(value, language) : String(value ?? '');
    });
  };
}

export type Translate = ReturnType<typeof translator>;
