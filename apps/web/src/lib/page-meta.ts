import { useEffect } from 'react';

const DESCRIPTION_MAX = 160;

/** Same rule as the server-rendered head: 160 characters, or 157 and an ellipsis. */
export function truncateDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 3).trimEnd()}...`;
}

/** Keeps the tab title and description right on client-side navigation (the server renders them on first load). */
export function usePageMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    document.title = title.includes('Flowbay') ? title : `${title} | Flowbay`;
    if (description !== undefined) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', truncateDescription(description));
    }
  }, [title, description]);
}
