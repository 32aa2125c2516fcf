import {
  AuthProfileFields,
  FULL_NAME_MAX,
  ProfileLink,
  hasControlCharacters,
  stripBidiControls,
} from '@flowbay/domain';

/** Better Auth endpoints whose body writes the profile (`name`, `image`). */
export const PROFILE_WRITING_PATHS = new Set(['/sign-up/email', '/update-user']);

/** The first field of a sign-up or update-user body that breaks the profile rules, or null. */
export function profileViolation(body: unknown): { field: string; message: string } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const parsed = AuthProfileFields.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return { field: issue.path.join('.') || 'body', message: issue.message };
}

/**
 * The last guard before Better Auth stores a profile, whatever the path (a Google sign-in brings its own
 * name and picture, the one picture not uploaded to us): control and bidi characters removed, the name cut to FULL_NAME_MAX, a non-http(s) picture dropped.
 * Sign-up and update-user never get here with such values: they are refused with 400 first.
 */
export function normalizeStoredProfile<T extends Record<string, unknown>>(data: T): T {
  const normalized: Record<string, unknown> = { ...data };
  if (typeof data.name === 'string') {
    const name = stripBidiControls(data.name.replace(/\p{Cc}/gu, '')).trim();
    normalized.name = name.slice(0, FULL_NAME_MAX);
  }
  if (typeof data.image === 'string' && data.image !== '') {
    const valid = !hasControlCharacters(data.image) && ProfileLink.safeParse(data.image).success;
    normalized.image = valid ? data.image.trim() : null;
  }
  return normalized as T;
}
