import { API_MESSAGES } from '@flowbay/domain/messages';
import type { Language } from '@flowbay/domain/price';
import { textLookup, uiNamespaces, type TextLookup } from '@flowbay/domain/text-lookup';
import en from './en.json' with { type: 'json' };
import pagesEn from './pages.en.json' with { type: 'json' };
import pagesVi from './pages.vi.json' with { type: 'json' };
import signedInEn from './signed-in.en.json' with { type: 'json' };
import signedInVi from './signed-in.vi.json' with { type: 'json' };
import vi from './vi.json' with { type: 'json' };

/**
 * Every text of both languages at once, for the code that runs outside the browser: the server's
 * render (entry-server.tsx), the heads the server writes (modules/web) and the tests. The browser
 * loads one language at a time instead (i18n/index.ts), merged the same way (`uiNamespaces`).
 */
export const UI_TEXTS = {
  en: uiNamespaces({ ui: en, signedIn: signedInEn, pages: pagesEn }, API_MESSAGES.en),
  vi: uiNamespaces({ ui: vi, signedIn: signedInVi, pages: pagesVi }, API_MESSAGES.vi),
};

const lookups = {
  en: textLookup(UI_TEXTS.en, 'en'),
  vi: textLookup(UI_TEXTS.vi, 'vi'),
};

/** The one text lookup of the server and the tests: a key (`pages:` for the static pages' texts) to its text. */
export function uiTexts(language: Language): TextLookup {
  return lookups[language];
}
