import { useMutation } from '@tanstack/react-query';
import type { ConsentPurpose } from '@flowbay/domain/privacy';
import { withReturnPath } from '@flowbay/domain/return-path';
import { api } from '@/lib/api-client';
import { rememberReturnPath } from '../lib/return-path';
import type { Credentials } from './sign-in';

/** Where the confirmation link lands after Better Auth has verified the address (and signed the user in). */
export const VERIFY_EMAIL_PATH = '/verify-email';

/**
 * The display name is credited on everything the person publishes; `consents` are the optional
 * purposes ticked (the server records them with the new account).
 */
export type SignUpInput = Credentials & { name: string; consents: ConsentPurpose[] };

/** Where the confirmation link ends: the confirmation page, carrying where the visitor was going. */
export function verifyEmailPage(returnTo: string | null): string {
  return withReturnPath(VERIFY_EMAIL_PATH, returnTo);
}

function signUp({ returnTo, ...credentials }: SignUpInput & { returnTo: string | null }) {
  rememberReturnPath(returnTo);
  return api.post('/api/auth/sign-up/email', {
    body: {
      ...credentials,
      callbackURL: verifyEmailPage(returnTo),
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
