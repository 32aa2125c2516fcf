import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { definePageQuery, defineQuery } from '@/lib/query';
import { sharedKeys } from '@/lib/query-keys';
import { favoritesKeys } from './query-keys';

export function favoriteCheckQueryOptions(workflowId: string) {
  return defineQuery(favoritesKeys.check(workflowId), (signal) =>
    api.get('/api/favorites/check', { query: { workflow_id: workflowId }, signal }),
  );
}

/** The status is checked only for a signed-in user. */
export function useFavoriteCheck(workflowId: string, signedIn: boolean) {
  return useQuery({ ...favoriteCheckQueryOptions(workflowId), enabled: signedIn });
}

export function favoritesQueryOptions(page: number) {
  return definePageQuery(favoritesKeys.list(page), (signal) =>
    api.get('/api/favorites', { query: { page }, signal }),
  );
}

/** Adds or removes; both refresh the status, the favourites list and the counts on cards. */
export function useToggleFavorite(workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) =>
      favorite
        ? api.post('/api/favorites', { body: { workflow_id: workflowId } })
        : api.delete('/api/favorites/:workflow_id', { params: { workflow_id: workflowId } }),
    onSuccess: (state) => {
      queryClient.setQueryData(favoriteCheckQueryOptions(workflowId).queryKey, {
        isFavorited: state.isFavorited,
      });
      void queryClient.invalidateQueries({ queryKey: favoritesKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.workflows });
    },
  });
}
