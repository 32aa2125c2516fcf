import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { VERIFY_EMAIL_PATH } from './sign-up';

function resendVerification(email: string) {
  return api.post('/api/auth/send-verification-email', {
    body: {
      email,
      callbackURL: VERIFY_EMAIL_PATH,
    },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
