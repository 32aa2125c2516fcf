import { useEffect } from 'react';
import type { TextLookup } from '@flowbay/domain/text-lookup';
import { truncateDescription } from '@flowbay/domain/text';
import { translateMessage } from '@/i18n/keys';
import { useTranslation } from '@/i18n/use-translation';

/** Keeps the tab title and description right on client-side navigation (the server renders them on first load). */
export function usePageMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    document.title = title.includes('Flowbay') ? title : `${title} | Flowbay`;
    // The share tags too: a link copied after navigating names the page the reader sees.
    document.querySelector('meta[property="og:title"]')?.setAttribute('content', document.title);
    if (description !== undefined) {
      const text = truncateDescription(description);
      document.querySelector('meta[name="description"]')?.setAttribute('content', text);
      document.querySelector('meta[property="og:description"]')?.setAttribute('content', text);
    }
  }, [title, description]);
}

interface DeclaredHead<Data> {
  head?: (text: TextLookup, data: Data) => { title: string; description: string };
}

/**
 * The head a page declares (`app/routes/<file>.page.ts`, the one the server writes on first load),
 * in the app's texts, kept on the tab on client-side navigation; nothing while `show` is false
 * (what the head names has not loaded yet).
 */
export function usePageHead<Data>(page: DeclaredHead<Data>, data: Data, show = true) {
  const { t } = useTranslation();
  const head = show ? page.head?.((key, values) => translateMessage(t, key, values), data) : undefined;
  usePageMeta(head?.title, head?.description);
}
