export const META_DESCRIPTION_MAX = 160;

/** A meta description: whitespace collapsed, at most 160 characters (157 and an ellipsis). */
export function truncateDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 3)}...`;
}
