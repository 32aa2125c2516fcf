import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadSignedInTexts, SUPPORTED_LANGUAGES } from '@/i18n';
import { UI_TEXTS, uiTexts } from './texts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of a namespace by its key (plural forms by their base key), with the values it names. */
function textsOf(tree: unknown, prefix = ''): Array<[string, string[], boolean]> {
  if (typeof tree === 'string')
    return [
      [
        prefix.replace(PLURAL, ''),
        [...tree.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]!),
        PLURAL.test(prefix),
      ],
    ];
  if (!tree || typeof tree !== 'object' || Array.isArray(tree)) return [];
  return Object.entries(tree).flatMap(([key, child]) => textsOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('uiTexts: the one text lookup of the server and the end-to-end tests', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadSignedInTexts();
    await i18n.loadNamespaces('pages');
  });

  it("gives what the web app's i18next gives, for every text of both languages, counts and numbers included", async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      await i18n.changeLanguage(language);
      const ours = uiTexts(language);
      for (const namespace of ['translation', 'pages'] as const) {
        const theirs = i18n.getFixedT(language, namespace) as unknown as (key: string, o?: object) => unknown;
        const texts = textsOf(UI_TEXTS[language][namespace]);
        expect(texts.length).toBeGreaterThan(namespace === 'pages' ? 10 : 500);
        for (const [key, names, plural] of texts) {
          const prefixed = namespace === 'pages' ? `pages:${key}` : key;
          for (const count of [1, 2, 12345]) {
            const values = Object.fromEntries(
              names.map((name) => [name, name === 'count' ? count : `<${name}>`]),
            );
            expect(ours(prefixed, { ...values, count }), `${language} ${prefixed}`).toBe(
              theirs(key, { ...values, count }),
            );
          }
          if (!plural) expect(ours(prefixed)).toBe(theirs(key));
        }
      }
    }
  });

  it('answers a key it does not know with the key itself', () => {
    expect(uiTexts('en')('nav.noSuchText')).toBe('nav.noSuchText');
    expect(uiTexts('vi')('nav.home')).toBe('Trang chủ');
  });
});
