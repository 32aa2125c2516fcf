import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletionRequest } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export function deleteAccount(input: AccountDeletionRequest) {
  return api.post<void>('/api/profile/me/delete', input);
}

/**
 * After deletion every session is gone: `forgetSignedInUser` drops what was cached about the person.
 * The caller leaves the signed-in page first, so its guard does not send the browser to sign-in.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteAccount });
  const forgetSignedInUser = () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    queryClient.setQueryData(['auth', 'session'], null);
  };
  return { ...mutation, forgetSignedInUser };
}

/** For an account without a password (Google): e-mails the link that confirms the deletion. */
export function requestDeletionLink() {
  return api.post<{ email: string }>('/api/profile/me/delete-link');
}

export function useRequestDeletionLink() {
  return useMutation({ mutationFn: requestDeletionLink });
}
