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

const httpUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** `PUT /api/profile/me`: every field optional; an empty string clears it. The e-mail cannot be changed here. */
export const ProfileUpdate = z.object({
  full_name: z.string().trim().max(FULL_NAME_MAX).nullable().optional(),
  display_name: z.string().trim().max(FULL_NAME_MAX).nullable().optional(),
  avatar_url: z
    .union([z.literal(''), httpUrl])
    .nullable()
    .optional(),
  locale: Locale.optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** `GET /api/auth/providers`: which sign-in buttons the web app should show. */
export const AuthProviders = z.object({ emailPassword: z.boolean(), google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProviders>;
