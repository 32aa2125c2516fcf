import { z } from 'zod';
import { pageNumber } from './paging.ts';

/**
 * What a user is told about, in the app (`/me/notifications`) and by e-mail; each kind can be
 * switched off (`/me/settings/notifications`, or the e-mail's one-click unsubscribe).
 * - `sale`: the seller, on every sale of their workflow;
 * - `workflow_update`: every owner of a workflow, when a new version of it is approved;
 * - `new_listing`: the followers of an author, when the author's new workflow is listed.
 */
export const NOTIFICATION_KINDS = ['sale', 'workflow_update', 'new_listing'] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Notifications per page of `/api/me/notifications`. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** What a notification is about, in no language: the web and the e-mails word it. */
export const NotificationPayload = z.object({
  workflow_id: z.string(),
  workflow_title: z.string(),
  /** The workflow page's address (`/workflows/<slug>-<id>`). */
  workflow_path: z.string(),
  /** sale: the price paid and what the seller gets after the fee and tax withheld (đồng). */
  amount: z.number().int().optional(),
  net: z.number().int().optional(),
  buyer_first_name: z.string().optional(),
  order_code: z.string().optional(),
  /** workflow_update: the version approved and its changelog (null when the author wrote none). */
  version: z.string().optional(),
  notes: z.string().nullable().optional(),
  /** new_listing: the author followed. */
  author_id: z.string().optional(),
  author_name: z.string().optional(),
});
export type NotificationPayload = z.infer<typeof NotificationPayload>;

export const Notification = z.object({
  id: z.string(),
  kind: NotificationKind,
  payload: NotificationPayload,
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsQuery = z.object({ page: pageNumber() });

export const NotificationList = z.object({
  notifications: z.array(Notification),
  page: z.number().int(),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationList>;

/** Marks the caller's notifications read: these ids, or every one when `ids` is left out. */
export const MarkNotificationsReadBody = z.object({
  ids: z.array(z.string().uuid()).min(1).max(100).optional(),
});
export const NotificationsRead = z.object({ unread: z.number().int() });
export type NotificationsRead = z.infer<typeof NotificationsRead>;

export const NotificationSettings = z.object({
  sale: z.boolean(),
  workflow_update: z.boolean(),
  new_listing: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
/** Any of the kinds, switched on or off; the kinds left out stay as they are. */
export const NotificationSettingsBody = NotificationSettings.partial().strict();

/** An e-mail's one-click unsubscribe (RFC 8058): the signed token of one user and kind. */
export const UnsubscribeQuery = z.object({
  token: z.string().min(1).max(512),
  lang: z.enum(['en', 'vi']).optional(),
});
export const Unsubscribed = z.object({ kind: NotificationKind, enabled: z.literal(false) });
export type Unsubscribed = z.infer<typeof Unsubscribed>;

/** Following an author: how many follow them, and whether the caller does (false when anonymous). */
export const FollowState = z.object({
  author_id: z.string(),
  following: z.boolean(),
  followers_count: z.number().int(),
});
export type FollowState = z.infer<typeof FollowState>;
