import type { ParseKeys, TFunction, TOptions } from 'i18next';
import { i18n } from './index';

/** Every key of the UI texts (en.json plus the API message catalogue); a wrong literal fails `tsc`. */
export type TranslationKey = ParseKeys<'translation'>;

/**
 * Shows a key that arrives as data, such as a form's zod message, checked when it is shown:
 * a known key is translated, anything else is shown as it is (as i18next does for a missing key).
 */
export function translateMessage(t: TFunction, key: string, options?: TOptions): string {
  return i18n.exists(key) ? String(t(key as TranslationKey, options as never)) : key;
}
