/** Every query of the notifications feature (the signed-in user's own, under `me`), and follow states. */
export const notificationsKeys = {
  all: ['me', 'notifications'] as const,
  lists: () => [...notificationsKeys.all, 'list'] as const,
  list: (page: number) => [...notificationsKeys.lists(), page] as const,
  settings: () => [...notificationsKeys.all, 'settings'] as const,
  follow: (authorId: string) => ['follow', authorId] as const,
};
