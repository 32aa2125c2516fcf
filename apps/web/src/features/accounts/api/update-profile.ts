import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileUpdate } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { accountKeys } from './query-keys';

function updateProfile(input: ProfileUpdate) {
  return api.put('/api/profile/me', { body: input });
}

/** A write that answers the new own profile (details, avatar): it replaces the cached one. */
export function useProfileWrite<T>(write: (input: T) => Promise<OwnProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (profile) => {
      queryClient.setQueryData(accountKeys.profile(), profile);
      // The header avatar reads the session; the public page reads the profile.
      void queryClient.invalidateQueries({ queryKey: sharedKeys.session });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.profile(profile.id) });
    },
  });
}

export const useUpdateProfile = () => useProfileWrite(updateProfile);
