import type { QueryClient } from '@tanstack/react-query';
import type { HistoryRouterProps } from 'react-router';
import { matchPage } from '@flowbay/domain/routes';
import { hasPageData, prefetchPage } from './prefetch';

type History = HistoryRouterProps['history'];

/**
 * `history`, starting the requests of a page's first view as a navigation to it starts, for every
 * page that declares its data (`routes/<file>.data.ts`; the detail page asks for the workflow, its
 * versions and reviews at once), alongside the page's own chunk rather than after it. Nothing waits
 * for them: the components pick the answers up from the same cache entries. Each page's declaration
 * (with its query options) is a chunk of its own, so the first load does not carry them. The router
 * accepts one listener per history, so the prefetch runs inside the router's own.
 */
export function prefetchingNavigations(history: History, client: QueryClient): History {
  const listen: History['listen'] = (listener) =>
    history.listen((update) => {
      if (hasPageData(matchPage(update.location.pathname).id)) {
        const url = new URL(history.createHref(update.location), window.location.origin);
        void prefetchPage(client, url);
      }
      listener(update);
    });
  // The router's histories keep their state in closures: every other member reads through.
  return Object.create(history, { listen: { value: listen } }) as History;
}
