import { z } from 'zod';
import { FULL_NAME_MAX, URL_MAX } from './limits.ts';

/** The language a user's e-mails are written in. */
export const Locale = z.enum(['en', 'vi']);

/**
 * `GET /api/profile/me`. The spec shows "an array of profiles"; we answer one object (the caller has exactly
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
});
export type OwnProfile = z.infer<typeof OwnProfile>;

/** NUL and the other C0/C1 control characters: never part of a name or an address people type. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

const noControlCharacters = (value: string) => !hasControlCharacters(value);

/** A person's name (full or display name): at most FULL_NAME_MAX characters, no control characters. */
const personName = z
  .string()
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

const avatarUrl = z
  .union([z.literal(''), httpUrl])
  .nullable()
  .optional();

/** `PUT /api/profile/me`: every field optional; an empty string clears it. The e-mail cannot be changed here. */
export const ProfileUpdate = z.object({
  full_name: personName.nullable().optional(),
  display_name: personName.nullable().optional(),
  avatar_url: avatarUrl,
  locale: Locale.optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/**
 * The profile fields Better Auth writes (`name`, `image`) on sign-up and `/api/auth/update-user`: the same
 * rules as `PUT /api/profile/me`, whose `full_name` and `avatar_url` they are.
 */
export const AuthProfileFields = z.object({
  name: personName.optional(),
  image: avatarUrl,
});
export type AuthProfileFields = z.infer<typeof AuthProfileFields>;

/** `GET /api/auth/providers`: which sign-in buttons the web app should show. */
export const AuthProviders = z.object({ emailPassword: z.boolean(), google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProviders>;
