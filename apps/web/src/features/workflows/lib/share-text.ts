import { truncateDescription } from '@flowbay/domain/text';

const SHARE_EXCERPT_MAX = 200;

/** What a chat (Zalo, Messenger) receives: the title, a plain-text excerpt and the address. Never markdown. */
export function shareText(workflow: { title: string; description: string }, url: string): string {
  const excerpt = truncateDescription(workflow.description, SHARE_EXCERPT_MAX);
  return [workflow.title, excerpt, url].filter(Boolean).join('\n\n');
}

/** Facebook reads the page's own title, description and image (plain text, see web.head.ts). */
export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}
