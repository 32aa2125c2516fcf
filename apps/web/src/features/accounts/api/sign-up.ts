import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Credentials } from './sign-in';

/** Where the confirmation link lands after Better Auth has verified the address (and signed the user in). */
export const VERIFY_EMAIL_PATH = '/verify-email';

/** The display name is credited on everything the person publishes. */
export type SignUpInput = Credentials & { name: string };

function signUp(credentials: SignUpInput) {
  return api.post('/api/auth/sign-up/email', {
    body: {
      ...credentials,
      callbackURL: VERIFY_EMAIL_PATH,
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
