import type { ParseKeys, TFunction, TOptions } from 'i18next';

/** Every key of the UI texts (en.json plus the API message catalogue); a wrong literal fails `tsc`. */
export type TranslationKey = ParseKeys<'translation'>;

/**
 * Shows a key that arrives as data, such as a form's zod message, checked when it is shown:
 * a known key is translated, anything else is shown as it is. It asks the `t` it is given (never the
 * global instance), so a server render with its own i18next instance translates the same way.
 */
export function translateMessage(t: TFunction, key: string, options?: TOptions): string {
  return String(t(key as TranslationKey, { defaultValue: key, ...options } as never));
}
