import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** Better Auth's POST /api/auth/change-password; the server signs out every other session and e-mails the owner. */
function changePassword(input: PasswordChange) {
  return api.post('/api/auth/change-password', { body: { ...input, revokeOtherSessions: true } });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
