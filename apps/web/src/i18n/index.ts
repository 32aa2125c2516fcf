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
const translation = (
  json: Promise<{ default: { errors: object } }>,
  messages: Promise<(typeof API_MESSAGES)[UiLanguage]>,
) =>
  Promise.all([json, messages]).then(([module, catalogue]) => ({
    default: withApiMessages(module.default, catalogue),
  }));

const loaders: Record<string, () => Promise<{ default: ResourceKey }>> = {
  'translation.en': () =>
    translation(
      import('./en.json'),
      import('@flowbay/domain/messages.en').then((m) => m.MESSAGES_EN),
    ),
  'translation.vi': () =>
    translation(
      import('./vi.json'),
      import('@flowbay/domain/messages.vi').then((m) => m.MESSAGES_VI),
    ),
  'pages.en': () => import('./pages.en.json'),
  'pages.vi': () => import('./pages.vi.json'),
};

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
  // A page the server rendered says its language; the client must hydrate in the same one.
  if (document.documentElement.dataset.ssr !== undefined)
    return document.documentElement.lang === 'vi' ? 'vi' : 'en';
  return savedLanguage() ?? 'en';
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
