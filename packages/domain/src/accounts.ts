import { z } from 'zod';
import { BIO_MAX, FULL_NAME_MAX, PASSWORD_MAX, PROFILE_LINKS_MAX, URL_MAX } from './limits.ts';
import { stripBidiControls } from './bidi.ts';

/** The language a user's e-mails are written in. */
export const Locale = z.enum(['en', 'vi']);

/**
 * `GET /api/profile/me`. One object, not an array (the caller has exactly
 * one profile, and an object is what every other endpoint returns). The e-mail appears only here, to its owner.
 */
export const OwnProfile = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  locale: Locale,
  email_verified: z.boolean(),
  created_at: z.string(),
  bio: z.string().nullable(),
  links: z.array(z.string()),
  /** False for an account that signs in only with Google: deleting it is confirmed by an e-mailed link. */
  has_password: z.boolean(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

/** NUL and the other C0/C1 control characters: never part of a name or an address people type. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

const noControlCharacters = (value: string) => !hasControlCharacters(value);

/** A person's name (full or display name): at most FULL_NAME_MAX characters, no control characters, no bidi controls. */
const personName = z
  .string()
  .overwrite(stripBidiControls)
  .trim()
  .max(FULL_NAME_MAX)
  .refine(noControlCharacters, 'must not contain control characters');

/** An avatar address: http(s) only (never `javascript:` or `data:`), at most URL_MAX characters. */
const httpUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine(noControlCharacters, 'must not contain control characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** A profile link (and a picture Google brings along): http(s) only, bounded. */
export const ProfileLink = httpUrl;

/** A bio is plain text (shown as text, never as HTML or markdown); line breaks and tabs are kept. */
const bio = z
  .string()
  .trim()
  .max(BIO_MAX)
  .refine(
    (value) => !hasControlCharacters(value.replace(/[\r\n\t]/g, '')),
    'must not contain control characters',
  );

/**
 * `PUT /api/profile/me`: every field optional; an empty string clears it. The e-mail cannot be changed
 * here, and the avatar only by uploading an image (`POST /api/profile/me/avatar`).
 */
export const ProfileUpdate = z.object({
  full_name: personName.nullable().optional(),
  display_name: personName.nullable().optional(),
  locale: Locale.optional(),
  bio: bio.nullable().optional(),
  links: z.array(ProfileLink).max(PROFILE_LINKS_MAX).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/**
 * The profile fields Better Auth writes (`name`, `image`) on sign-up and `/api/auth/update-user`: the name
 * follows the rules of `PUT /api/profile/me`'s `full_name`; an image cannot be typed in, only uploaded.
 */
export const AuthProfileFields = z.object({
  name: personName.optional(),
  image: z.null({ error: 'avatars are uploaded with POST /api/profile/me/avatar' }).optional(),
});
export type AuthProfileFields = z.infer<typeof AuthProfileFields>;

/** `GET /api/auth/providers`: which sign-in buttons the web app should show. */
export const AuthProviders = z.object({ emailPassword: z.boolean(), google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProviders>;

/** `POST /api/profile/me/delete`: the password, or for a Google-only account the e-mailed token. */
export const AccountDeletionRequest = z.object({
  password: z.string().min(1).max(PASSWORD_MAX).optional(),
  token: z.string().min(1).max(200).optional(),
});
export type AccountDeletionRequest = z.infer<typeof AccountDeletionRequest>;

/** `POST /api/profile/me/export`: queued; the link is e-mailed to `email` when the archive is ready. */
export const DataExportQueued = z.object({ status: z.literal('queued'), email: z.string() });
export type DataExportQueued = z.infer<typeof DataExportQueued>;

/** Where the account-deletion link was sent. */
export const DeletionLinkSent = z.object({ email: z.string() });
export type DeletionLinkSent = z.infer<typeof DeletionLinkSent>;

/* Better Auth's own endpoints under /api/auth/*: the fields of their answers the web app uses. */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
  role: z.enum(['user', 'admin']),
  displayName: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;
export const AuthSession = z.object({
  user: SessionUser,
  session: z.object({ id: z.string(), expiresAt: z.string() }),
});
export type AuthSession = z.infer<typeof AuthSession>;
export const AuthStatus = z.object({ status: z.boolean() });
export const AuthSignedUp = z.object({ user: z.object({ id: z.string() }) });
export const AuthSignedIn = z.object({ token: z.string() });
export const AuthSocialRedirect = z.object({ url: z.string().optional() });
export const AuthSignedOut = z.object({ success: z.boolean() });
