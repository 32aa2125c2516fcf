import type { API_MESSAGES } from './messages.ts';
import { formatAmount, type Language } from './price.ts';

/** Texts as the translation files hold them: sections of keys; the leaves asked for are strings. */
export type TextTree = { readonly [key: string]: unknown };
export type TextValues = Record<string, string | number>;
/** A text by its key (`section.key`; `pages:guide.title` for another namespace), values filled in. */
export type TextLookup = (key: string, values?: TextValues) => string;

/**
 * The UI's texts of one language with the `errors`, `validation`, `safety` and `severities` parts of
 * the API's catalogue merged in: what the web app's i18next holds, what the server writes in a page's
 * head and what the end-to-end tests read.
 */
export function withApiMessages<T extends { errors: object }>(
  translation: T,
  messages: (typeof API_MESSAGES)[Language],
) {
  return {
    ...translation,
    errors: { ...translation.errors, ...messages.errors },
    validation: messages.validation,
    safety: messages.safety,
    severities: messages.severities,
  };
}

/** A language's namespaces: the UI texts with the signed-in screens' and the API's, and the static pages'. */
export function uiNamespaces(
  texts: { ui: { errors: object }; signedIn: object; pages: TextTree },
  messages: (typeof API_MESSAGES)[Language],
): Record<'translation' | 'pages', TextTree> {
  return {
    translation: withApiMessages({ ...texts.ui, ...texts.signedIn }, messages),
    pages: texts.pages,
  };
}

/** English has "1 view" and "2 views"; Vietnamese one form (as the web app's i18next is told). */
const plural = (language: Language, count: number) => (language === 'en' && count === 1 ? 'one' : 'other');

function leaf(tree: TextTree | undefined, path: string[]): string | undefined {
  let node: unknown = tree;
  for (const part of path) node = node && typeof node === 'object' ? (node as TextTree)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * One text of `namespaces` in `language`, or undefined: the same answer as the web app's i18next for
 * the same key and values (a test compares them for every text): `count` picks the `_one` / `_other`
 * form, `{{name}}` is filled in (left as it is without a value) and `{{name, number}}` groups digits like prices.
 */
export function lookupText(
  namespaces: Record<string, TextTree>,
  language: Language,
  key: string,
  values: TextValues = {},
): string | undefined {
  const [namespace, name] = key.includes(':') ? key.split(':', 2) : ['translation', key];
  const path = name!.split('.');
  const last = path.pop()!;
  const tree = namespaces[namespace!];
  const count = values.count;
  const text =
    (typeof count === 'number' ? leaf(tree, [...path, `${last}_${plural(language, count)}`]) : undefined) ??
    leaf(tree, [...path, last]);
  return text?.replace(
    /\{\{\s*(\w+)\s*(?:,\s*(number))?\s*\}\}/g,
    (match, field: string, format?: string) => {
      const value = values[field];
      // As i18next: a value not given leaves its placeholder.
      if (value === undefined) return match;
      return format && typeof value === 'number' ? formatAmount(value, language) : String(value);
    },
  );
}

/** `lookupText` bound to one language's texts; a missing key is an error (`onMissing: 'throw'`) or itself. */
export function textLookup(
  namespaces: Record<string, TextTree>,
  language: Language,
  onMissing: 'throw' | 'key' = 'key',
): TextLookup {
  return (key, values) => {
    const text = lookupText(namespaces, language, key, values);
    if (text !== undefined) return text;
    if (onMissing === 'throw') throw new Error(`no ${language} text for ${key}`);
    return key;
  };
}
