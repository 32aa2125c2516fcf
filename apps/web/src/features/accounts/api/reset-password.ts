import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const RESET_PASSWORD_PATH = '/reset-password';

/** Always answers success for an unknown address too, so nobody can probe which e-mails have accounts. */
function requestPasswordReset(email: string) {
  return api.post('/api/auth/request-password-reset', {
    body: {
      email,
      redirectTo: RESET_PASSWORD_PATH,
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
