import { readFileSync } from 'node:fs';
import { textLookup, uiNamespaces, type TextTree } from '../../packages/domain/src/text-lookup';
import { API_MESSAGES } from '../../packages/domain/src/messages';
import type { UiLanguage } from './fixtures';

/**
 * The UI strings, straight from the app's translation files (the signed-in screens' and the static
 * pages' too) plus the API message catalogue the app merges into them, looked up by the same
 * function as the server's page heads (`@flowbay/domain/text-lookup`), so the journeys read what
 * users read.
 */
const texts = (file: string) =>
  JSON.parse(
    readFileSync(new URL(`../../apps/web/src/i18n/${file}`, import.meta.url), 'utf8'),
  ) as TextTree & {
    errors: object;
  };
const lookup = (language: UiLanguage) =>
  textLookup(
    uiNamespaces(
      {
        ui: texts(`${language}.json`),
        signedIn: texts(`signed-in.${language}.json`),
        pages: texts(`pages.${language}.json`),
      },
      API_MESSAGES[language],
    ),
    language,
    'throw',
  );
const lookups = { en: lookup('en'), vi: lookup('vi') };

export function translator(language: UiLanguage) {
  return (key: string, values: Record<string, string | number> = {}): string =>
    lookups[language](key, values);
}

export type Translate = ReturnType<typeof translator>;
