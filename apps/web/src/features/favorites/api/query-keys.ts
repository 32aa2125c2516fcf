/** Every query of the favorites feature (the signed-in user's own favourites, under `me`). */
export const favoritesKeys = {
  all: ['me', 'favorites'] as const,
  check: (workflowId: string) => [...favoritesKeys.all, 'check', workflowId] as const,
  lists: () => [...favoritesKeys.all, 'list'] as const,
  list: (page: number) => [...favoritesKeys.lists(), page] as const,
};
