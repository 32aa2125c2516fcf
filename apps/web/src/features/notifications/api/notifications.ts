import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { definePageQuery, defineQuery } from '@/lib/query';
import { notificationsKeys } from './query-keys';

export function notificationsQueryOptions(page: number) {
  return definePageQuery(notificationsKeys.list(page), (signal) =>
    api.get('/api/me/notifications', { query: { page }, signal }),
  );
}

/** The first page, whose answer carries the unread count (the header's bell); refreshed every minute. */
export function useUnreadCount(signedIn: boolean) {
  const query = useQuery({
    ...notificationsQueryOptions(0),
    enabled: signedIn,
    refetchInterval: 60_000,
  });
  return query.data?.unread ?? 0;
}

/** Marks some notifications read (or all, without ids); the list and the bell follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.post('/api/me/notifications/read', { body: ids ? { ids } : {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.lists() }),
  });
}

export const notificationSettingsQueryOptions = defineQuery(notificationsKeys.settings(), (signal) =>
  api.get('/api/me/notification-settings', { signal }),
);

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<NotificationSettings>) =>
      api.put('/api/me/notification-settings', { body: changes }),
    onSuccess: (settings) => queryClient.setQueryData(notificationsKeys.settings(), settings),
  });
}

export function followQueryOptions(authorId: string) {
  return defineQuery(notificationsKeys.follow(authorId), (signal) =>
    api.get('/api/users/:id/follow', { params: { id: authorId }, signal }),
  );
}

export function useFollowState(authorId: string) {
  return useQuery(followQueryOptions(authorId));
}

export function useToggleFollow(authorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.post('/api/users/:id/follow', { params: { id: authorId } })
        : api.delete('/api/users/:id/follow', { params: { id: authorId } }),
    onSuccess: (state) => queryClient.setQueryData(notificationsKeys.follow(authorId), state),
  });
}
