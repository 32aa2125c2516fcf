import { z } from 'zod';
import { TRANSLATE_LANGUAGES, TRANSLATE_TEXTS_MAX, TRANSLATE_TEXT_MAX } from './translate-languages.ts';

export * from './translate-languages.ts';

/** Texts and target language of `POST /api/translate`. */
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
export type TranslateStatus = z.infer<typeof TranslateStatus>;
