import { useEffect } from 'react';
import { truncateDescription } from '@flowbay/domain/text';

/** Keeps the tab title and description right on client-side navigation (the server renders them on first load). */
export function usePageMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    document.title = title.includes('Flowbay') ? title : `${title} | Flowbay`;
    if (description !== undefined) {
      document
        .querySelector('meta[name="description"]')
        ?.setAttribute('content', truncateDescription(description));
    }
  }, [title, description]);
}
