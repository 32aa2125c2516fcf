import type { QueryClient } from '@tanstack/react-query';
import type { KnownPageData } from '@flowbay/domain/page-data';
import { matchPage, type PageId } from '@flowbay/domain/routes';
import type { PageDataDeclaration } from './page-data';
import { PAGE_MODULES } from './page-modules';

/** Every page data declaration (`routes/<file>.data.ts`), each loaded as a chunk of its own. */
const dataModules = import.meta.glob<{ data: PageDataDeclaration }>('./routes/*.data.ts');

/** Loads a page's data declaration, by its page id: the one beside its component, if any. */
const PAGE_DATA: Partial<Record<PageId, () => Promise<PageDataDeclaration>>> = Object.fromEntries(
  Object.entries(PAGE_MODULES).flatMap(([id, { file }]) => {
    const load = dataModules[`./routes/${file}.data.ts`];
    return load ? [[id, () => load().then((module) => module.data)]] : [];
  }),
);

/** Whether the page loads data first: it has a data declaration (`routes/<file>.data.ts`). */
export function hasPageData(id: PageId): boolean {
  return id in PAGE_DATA;
}

/**
 * Loads the data a public page shows first, as its declaration says (`routes/<file>.data.ts`, with
 * the query options its components use), so the server renders it and the client hydrates from
 * the same cache entries without asking again. The server's render passes the answers it has
 * already (`known`): they go in the cache first, and the prefetch finds them there. A page without
 * a declaration loads nothing.
 */
export async function prefetchPage(queryClient: QueryClient, url: URL, known?: KnownPageData): Promise<void> {
  const { id, params } = matchPage(url.pathname);
  const data = await PAGE_DATA[id]?.();
  if (!data) return;
  if (known) data.seed?.(queryClient, known);
  await data.prefetch(queryClient, { url, params });
}
