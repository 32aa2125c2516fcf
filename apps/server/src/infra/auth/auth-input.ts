import { FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, URL_MAX } from '@flowbay/domain';
import { passwordWeakness, type PasswordWeakness } from './password-strength.ts';

const EMAIL_MAX = 254;
const TOKEN_MAX = 512;

/**
 * The longest value each field of Better Auth's own endpoints may have. Better Auth bounds some of them
 * (the new password on sign-up and reset) but not all: a megabyte "password" on sign-in would be hashed.
 */
const FIELD_MAX: Record<string, number> = {
  email: EMAIL_MAX,
  password: PASSWORD_MAX,
  newPassword: PASSWORD_MAX,
  currentPassword: PASSWORD_MAX,
  name: FULL_NAME_MAX,
  image: URL_MAX,
  token: TOKEN_MAX,
  callbackURL: URL_MAX,
  errorCallbackURL: URL_MAX,
  newUserCallbackURL: URL_MAX,
  redirectTo: URL_MAX,
  provider: 32,
  locale: 8,
  idToken: 8192,
};
/** Any other string field (Better Auth's social sign-in takes a few more). */
const OTHER_FIELD_MAX = URL_MAX;

/** The first string field over its bound, or null. */
export function oversizedField(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'string' && value.length > (FIELD_MAX[field] ?? OTHER_FIELD_MAX)) return field;
    if (value && typeof value === 'object' && JSON.stringify(value).length > OTHER_FIELD_MAX) return field;
  }
  return null;
}

/** The endpoints that set a password, and the field they take it in. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * A new password that is too easy to guess, on every path that sets one. Length errors are left to
 * Better Auth (PASSWORD_TOO_SHORT / _LONG); the sign-up's own e-mail and name count as guessable words.
 */
export function passwordWeaknessOf(
  path: string,
  body: unknown,
): { field: string; code: PasswordWeakness } | null {
  const field = PASSWORD_FIELDS[path];
  if (!field || !body || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  const password = fields[field];
  if (typeof password !== 'string' || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return null;
  const personal = [fields.email, fields.name].filter((value): value is string => typeof value === 'string');
  const code = passwordWeakness(password, personal);
  return code ? { field, code } : null;
}
