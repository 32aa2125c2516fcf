/**
 * The query keys that more than one feature uses. Features do not import each other, so a feature's
 * key factory (`features/<feature>/api/query-keys.ts`) builds its keys on these, and another feature
 * that must refresh them (a purchase refreshes the workflow's `access`, a review the author's stats)
 * invalidates through the same entries here, never through an inline array.
 */
export const sharedKeys = {
  /** Catalogue lists, workflow details, versions and related workflows (features/workflows). */
  workflows: ['workflows'] as const,
  /** An author's totals and rating average (features/workflows; shown by features/ratings too). */
  authorStats: ['author-stats'] as const,
  authorStatsOf: (userId: string) => [...sharedKeys.authorStats, userId] as const,
  /** The signed-in account (features/accounts); the header avatar reads it. */
  auth: ['auth'] as const,
  session: ['auth', 'session'] as const,
  /** A public profile (features/profiles). */
  profile: (id: string) => ['profiles', id] as const,
  /** The author's own workflows (features/publishing). */
  myWorkflows: ['me', 'workflows'] as const,
  /** Everything the admin screens load (features/moderation, and the orders and sales admin panels). */
  admin: ['admin'] as const,
};
