/**
 * Where a visitor goes back to after signing in, signing up, confirming their e-mail or resetting
 * their password. It travels in addresses (`/auth?next=…`, the e-mail link's `/verify-email?next=…`),
 * so anyone can write one: only a path on this site is kept, never another site's address.
 */

/** The name of the query parameter that carries the return path. */
export const RETURN_PARAM = 'next';

/** Pages that are steps of signing in themselves: returning to them would loop. */
const AUTH_STEPS = ['/auth', '/verify-email', '/reset-password', '/api/'];

/**
 * `value` when it is a path on this site ("/workflows/x?licence=agency#buy"), else null: no scheme
 * ("https:", "javascript:"), no host ("//evil.example", "/\\evil.example"), no control characters,
 * and not one of the sign-in steps.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/')) return null;
  // Browsers read a backslash as a slash and drop tabs and newlines: "/\evil" and "/\t/evil" are hosts.
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f'))
    return null;
  if (value.startsWith('//')) return null;
  let parsed: URL;
  try {
    parsed = new URL(value, 'https://flowbay.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'https://flowbay.invalid') return null;
  const path = parsed.pathname;
  if (AUTH_STEPS.some((step) => path === step || path.startsWith(step.endsWith('/') ? step : `${step}/`)))
    return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** `path` with the return path added as `?next=` (kept only when safe). */
export function withReturnPath(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  if (!safe || safe === '/') return path;
  const url = new URL(path, 'https://flowbay.invalid');
  url.searchParams.set(RETURN_PARAM, safe);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The workflow a return path leads to ("/workflows/<ref>…"), null for any other page. */
export function workflowOfReturnPath(returnTo: string | null): string | null {
  if (!returnTo) return null;
  const match = /^\/workflows\/([^/?#]+)(?:[?#]|$)/.exec(returnTo);
  if (!match || match[1] === 'new') return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
