import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export function updateProfile(input: ProfileUpdate) {
  return api.put('/api/profile/me', { body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(['me', 'profile'], profile);
      // The header avatar reads the session; the public page reads the profile.
      void queryClient.invalidateQueries({ queryKey: ['auth', 'session'] });
      void queryClient.invalidateQueries({ queryKey: ['profiles', profile.id] });
    },
  });
}
