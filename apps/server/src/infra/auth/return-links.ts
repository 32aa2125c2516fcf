import type { Language } from '@flowbay/domain';

/** The fields of Better Auth's endpoints that name where the browser goes next. */
const REDIRECT_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'] as const;

/**
 * Whether `value` leads somewhere on this site: a path ("/verify-email?next=…") or an absolute
 * address on `publicUrl`'s origin. "//evil.example", "/\evil.example" and other sites are not.
 */
export function isSameSiteAddress(value: string, publicUrl: string): boolean {
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.includes('\\')) return false;
    if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f')) return false;
    return URL.parse(value, publicUrl)?.origin === new URL(publicUrl).origin;
  }
  return URL.parse(value)?.origin === new URL(publicUrl).origin;
}

/** The first redirect field (in the body or the query) that leads off this site, or null. */
export function foreignRedirectField(
  body: unknown,
  query: unknown,
  publicUrl: string,
): { field: string } | null {
  for (const source of [body, query]) {
    if (!source || typeof source !== 'object') continue;
    for (const field of REDIRECT_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (typeof value === 'string' && value !== '' && !isSameSiteAddress(value, publicUrl)) return { field };
    }
  }
  return null;
}

/**
 * An e-mail's link with the recipient's language added to the page it ends on: Better Auth's link
 * (".../api/auth/verify-email?token=…&callbackURL=/verify-email?next=…") sends the browser to its
 * `callbackURL`, which then reads `?lang=vi`, so a fresh device shows the page in the reader's language.
 */
export function linkInLanguage(url: string, language: Language): string {
  const link = URL.parse(url);
  const callback = link?.searchParams.get('callbackURL');
  if (!link || !callback || !callback.startsWith('/') || callback.startsWith('//')) return url;
  const page = new URL(callback, link.origin);
  page.searchParams.set('lang', language);
  link.searchParams.set('callbackURL', `${page.pathname}${page.search}${page.hash}`);
  return link.toString();
}
