import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Asks Make, with the saved token, whom it belongs to. */
export function useTestMakeConnection() {
  return useMutation({
    mutationFn: (id: string) => api.post('/api/me/make-connections/:id/test', { params: { id } }),
  });
}
