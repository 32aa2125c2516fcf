import { sharedKeys } from '@/lib/query-keys';

/** The session and sign-in providers (what `/api/auth/*` answers). */
export const authKeys = {
  all: sharedKeys.auth,
  session: sharedKeys.session,
  providers: [...sharedKeys.auth, 'providers'] as const,
};

/** The signed-in user's own data (profile, avatar, export, deletion). */
export const accountKeys = {
  all: ['me'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
};
