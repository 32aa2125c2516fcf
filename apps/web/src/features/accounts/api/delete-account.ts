import { useMutation } from '@tanstack/react-query';
import type { AccountDeletionRequest } from '@flowbay/domain';
import { api } from '@/lib/api-client';

function deleteAccount(input: AccountDeletionRequest) {
  return api.post('/api/profile/me/delete', { body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/** For an account without a password (Google): e-mails the link that confirms the deletion. */
function requestDeletionLink() {
  return api.post('/api/profile/me/delete-link');
}

export function useRequestDeletionLink() {
  return useMutation({ mutationFn: requestDeletionLink });
}
