import type { QueryClient } from '@tanstack/react-query';
import type { HistoryRouterProps } from 'react-router';
import { matchPage, type PageId } from '@flowbay/domain/routes';

type History = HistoryRouterProps['history'];

/** Public pages whose data starts loading with the navigation (prefetch.ts knows what each shows first). */
const PREFETCHED: ReadonlySet<PageId> = new Set(['home', 'catalog', 'workflow', 'publicProfile']);

/**
 * `history`, starting the requests of a public page's first view as a navigation to it starts
 * (prefetch.ts: the detail page asks for the workflow, its versions and reviews at once), alongside
 * the page's own chunk rather than after it. Nothing waits for them: the components pick the
 * answers up from the same cache entries. prefetch.ts (with every page's query options) is a chunk
 * of its own, so the first load does not carry it. The router accepts one listener per history,
 * so the prefetch runs inside the router's own.
 */
export function prefetchingNavigations(history: History, client: QueryClient): History {
  const listen: History['listen'] = (listener) =>
    history.listen((update) => {
      const { pathname } = update.location;
      if (PREFETCHED.has(matchPage(pathname).id)) {
        const url = new URL(history.createHref(update.location), window.location.origin);
        void import('./prefetch').then(({ prefetchPage }) => prefetchPage(client, url));
      }
      listener(update);
    });
  // The router's histories keep their state in closures: every other member reads through.
  return Object.create(history, { listen: { value: listen } }) as History;
}
