import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rememberReturnPath } from '../lib/return-path';
import { verifyEmailPage } from './sign-up';

function resendVerification({ email, returnTo }: { email: string; returnTo: string | null }) {
  rememberReturnPath(returnTo);
  return api.post('/api/auth/send-verification-email', {
    body: {
      email,
      callbackURL: verifyEmailPage(returnTo),
    },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
