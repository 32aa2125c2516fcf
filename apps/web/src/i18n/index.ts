import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withLocalRules } from './local-rules';
import type { API_MESSAGES } from '@flowbay/domain/messages';
import { withApiMessages } from './resources';

const LANGUAGE_STORAGE_KEY = 'language';
/** The cookie the server reads to render pages in the visitor's language (mirrors local storage). */
const LANGUAGE_COOKIE = 'lang';
export const SUPPORTED_LANGUAGES = ['en', 'vi'] as const;
export type UiLanguage = (typeof SUPPORTED_LANGUAGES)[number];

// Each language is its own chunk: a visitor downloads only the one they read.
// `pages` holds the long texts of the static pages and loads only when one of them opens.
// The API's error and validation messages come from the one catalogue in packages/domain.
// The texts only signed-in screens show (publishing, sales, orders, administration) are a chunk of
// their own too, merged into `translation` once such a screen opens (loadSignedInTexts).
const signedInTexts: Record<UiLanguage, () => Promise<{ default: object }>> = {
  en: () => import('./signed-in.en.json'),
  vi: () => import('./signed-in.vi.json'),
};
let signedInWanted = false;

const translation = async (
  language: UiLanguage,
  json: Promise<{ default: { errors: object } }>,
  messages: Promise<(typeof API_MESSAGES)[UiLanguage]>,
) => {
  const [module, catalogue] = await Promise.all([json, messages]);
  // Read after the texts arrive: a signed-in screen may have opened while they loaded.
  const signedIn = signedInWanted ? (await signedInTexts[language]()).default : {};
  return { default: withApiMessages({ ...module.default, ...signedIn }, catalogue) };
};

const loaders: Record<string, () => Promise<{ default: ResourceKey }>> = {
  'translation.en': () =>
    translation(
      'en',
      import('./en.json'),
      import('@flowbay/domain/messages.en').then((m) => m.MESSAGES_EN),
    ),
  'translation.vi': () =>
    translation(
      'vi',
      import('./vi.json'),
      import('@flowbay/domain/messages.vi').then((m) => m.MESSAGES_VI),
    ),
  'pages.en': () => import('./pages.en.json'),
  'pages.vi': () => import('./pages.vi.json'),
};

/**
 * Adds the signed-in screens' texts to every language loaded so far, and to any loaded later:
 * such a screen waits for this before it renders (app/router.tsx).
 */
export async function loadSignedInTexts(): Promise<void> {
  signedInWanted = true;
  const loaded = SUPPORTED_LANGUAGES.filter((language) => i18next.hasResourceBundle(language, 'translation'));
  await Promise.all(
    loaded.map(async (language) => {
      const texts = (await signedInTexts[language]()).default;
      i18next.addResourceBundle(language, 'translation', texts, true, false);
    }),
  );
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`${namespace}.${language}`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

function storedLanguage(): UiLanguage {
  const root = document.documentElement;
  const served: UiLanguage = root.lang === 'vi' ? 'vi' : 'en';
  // A page the server rendered says its language; the client must hydrate in the same one.
  if (root.dataset.ssr !== undefined) return served;
  // An e-mail's link says its reader's language (?lang=vi); it wins over an earlier choice.
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (asked === 'vi' || asked === 'en') return asked;
  // Else this device's choice, else what the server read from the cookie or Accept-Language.
  return savedLanguage() ?? (root.dataset.langNegotiated !== undefined ? served : 'en');
}

/** The language chosen on this device earlier (local storage), null when none. */
export function savedLanguage(): UiLanguage | null {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return saved === 'vi' || saved === 'en' ? saved : null;
  } catch {
    return null;
  }
}

export const i18n = i18next;

export async function initI18n(language: UiLanguage = storedLanguage()) {
  i18next.on('languageChanged', (next) => {
    document.documentElement.lang = next;
    document.cookie = `${LANGUAGE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Private modes may refuse storage; the choice then lasts for this visit only.
    }
  });
  const ready = i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: ['translation'],
      defaultNS: 'translation',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  withLocalRules(i18next);
  await ready;
  document.documentElement.lang = language;
}
