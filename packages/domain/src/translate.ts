import { z } from 'zod';

/** Texts and target language of `POST /api/translate`. */
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
export const TranslateInput = z.object({
  texts: z.array(z.string().max(TRANSLATE_TEXT_MAX)).min(1).max(TRANSLATE_TEXTS_MAX),
  target: z.enum(TRANSLATE_LANGUAGES),
});
export type TranslateInput = z.infer<typeof TranslateInput>;
export const TranslateResult = z.object({ translations: z.array(z.string()) });
export const TranslateStatus = z.object({
  available: z.boolean(),
  languages: z.array(z.enum(TRANSLATE_LANGUAGES)),
});
