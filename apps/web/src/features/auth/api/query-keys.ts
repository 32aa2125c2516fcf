import { sharedKeys } from '@/lib/query-keys';

/** Every query of the auth feature. */
export const authKeys = {
  all: sharedKeys.auth,
  session: sharedKeys.session,
  providers: [...sharedKeys.auth, 'providers'] as const,
};
