import { markdownToPlainText } from './markdown.ts';

export const META_DESCRIPTION_MAX = 160;

/**
 * A meta or share description: markdown read as plain text, whitespace collapsed, at most 160
 * characters (157 and an ellipsis). Link previews (Zalo, Facebook) show it as it is.
 */
export function truncateDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const flat = markdownToPlainText(text).replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 3)}...`;
}
