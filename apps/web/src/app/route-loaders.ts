import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

let browserClient: QueryClient | null = null;

/** The browser's query cache, for the loaders (main.tsx). The server render prefetches on its own. */
export function setLoaderQueryClient(client: QueryClient | null) {
  browserClient = client;
}

/**
 * A public page's loader: as a navigation starts, the requests of the page's first view start
 * together (prefetch.ts: the detail page asks for the workflow, its versions and reviews at once),
 * alongside the page's own chunk. It waits for none of them: the page shows its skeleton and its
 * components pick the answers up from the same cache entries. prefetch.ts (with every page's query
 * options) is a chunk of its own, so the first load does not carry it.
 */
export function prefetchLoader({ request }: LoaderFunctionArgs): null {
  const client = browserClient;
  if (client)
    void import('./prefetch').then(({ prefetchPage }) => prefetchPage(client, new URL(request.url)));
  return null;
}
