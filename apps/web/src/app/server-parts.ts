import { preloadable } from '@/lib/preloadable';
import { AvatarMenu } from './layout/header-account';

/**
 * Parts of public pages that load in their own chunk in the browser but belong in the server's
 * HTML (crawlers and visitors without JavaScript read them; a signed-in visitor's account menu):
 * the server render preloads them.
 */
export const ReviewsSection = preloadable(() =>
  import('@/features/ratings/components/reviews-section').then((module) => module.ReviewsSection),
);

let preloaded: Promise<unknown> | null = null;
/** For the server render, once per process. */
export function preloadServerParts(): Promise<unknown> {
  return (preloaded ??= Promise.all([ReviewsSection.preload(), AvatarMenu.preload()]));
}
