import { useMutation } from '@tanstack/react-query';
import { withReturnPath } from '@flowbay/domain/return-path';
import { api } from '@/lib/api-client';

const RESET_PASSWORD_PATH = '/reset-password';

/** Always answers success for an unknown address too, so nobody can probe which e-mails have accounts. */
function requestPasswordReset({ email, returnTo }: { email: string; returnTo: string | null }) {
  return api.post('/api/auth/request-password-reset', {
    body: {
      email,
      // The reset page sends the visitor to sign in and then on to where they were going.
      redirectTo: withReturnPath(RESET_PASSWORD_PATH, returnTo),
    },
  });
}

function resetPassword(input: { token: string; newPassword: string }) {
  return api.post('/api/auth/reset-password', { body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
