import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Credentials {
  email: string;
  password: string;
}

function signIn(credentials: Credentials) {
  return api.post('/api/auth/sign-in/email', { body: credentials });
}

/** Google's consent page; Better Auth answers the address to open, then returns the user to `callbackURL`. */
export async function signInWithGoogle(callbackURL: string) {
  const answer = await api.post('/api/auth/sign-in/social', {
    body: {
      provider: 'google',
      callbackURL,
    },
  });
  if (answer.url) window.location.assign(answer.url);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Everything cached so far was fetched as a visitor (access flags, favourites): fetch it again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
