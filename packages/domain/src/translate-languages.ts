/** Target languages and limits of `POST /api/translate`, without zod (the detail page's toggle reads them). */
export const TRANSLATE_LANGUAGES = [
  'vi',
  'en',
  'zh',
  'ja',
  'ko',
  'th',
  'id',
  'es',
  'fr',
  'de',
  'ru',
  'ar',
] as const;
export const TRANSLATE_TEXTS_MAX = 2;
export const TRANSLATE_TEXT_MAX = 5000;
