import { preloadable } from '@/lib/preloadable';

/**
 * Parts of public pages that load in their own chunk in the browser but belong in the server's
 * HTML (crawlers and visitors without JavaScript read them; a signed-in visitor's account menu):
 * the server render preloads them.
 */
export const ReviewsSection = preloadable(() =>
  import('@/features/ratings/components/reviews-section').then((module) => module.ReviewsSection),
);

/**
 * The account menu, its own chunk, so anonymous visitors never download the dropdown. A signed-in
 * visitor's page has it from the server, and the browser loads it before hydrating (boot.tsx).
 */
export const AvatarMenu = preloadable(() => import('./layout/avatar-menu').then((module) => module.default));

let preloaded: Promise<unknown> | null = null;
/** For the server render, once per process. */
export function preloadServerParts(): Promise<unknown> {
  return (preloaded ??= Promise.all([ReviewsSection.preload(), AvatarMenu.preload()]));
}
