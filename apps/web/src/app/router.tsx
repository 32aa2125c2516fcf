import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PAGES, type PageId, type PageRoute } from '@flowbay/domain/routes';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { i18n } from '@/i18n';
import { RootLayout } from './layout/root-layout';
import { PAGE_MODULES } from './page-modules';
import { prefetchLoader } from './route-loaders';
import { RouteError } from './routes/route-error';

/** Static pages wait for their texts with their code, so they render once, without a skeleton shift. */
function withPagesText<T>(load: () => Promise<T>) {
  // The server's render has every text loaded already (entry-server.tsx).
  return async () =>
    (await Promise.all([load(), i18n.isInitialized ? i18n.loadNamespaces('pages') : undefined]))[0];
}

/** Every page is its own chunk, so a visitor downloads only the page they open. */
const routeModules = import.meta.glob<{ Component: ComponentType }>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/route-error.tsx',
]);

function pageModule(id: PageId): RouteObject['lazy'] {
  const { file, pagesText } = PAGE_MODULES[id];
  const load = routeModules[`./routes/${file}.tsx`];
  if (!load) throw new Error(`page ${id}: no module routes/${file}.tsx`);
  return pagesText ? withPagesText(load) : load;
}

const pageIds = Object.keys(PAGES) as PageId[];

/** Pages whose data starts loading with the navigation (app/prefetch.ts knows what each shows first). */
const PREFETCHED: ReadonlySet<PageId> = new Set(['home', 'catalog', 'workflow', 'publicProfile']);

function pageRoute(id: PageId): RouteObject {
  const loading: Pick<RouteObject, 'loader' | 'HydrateFallback'> = PREFETCHED.has(id)
    ? // Only a page rendered without the server's data (npm run dev) waits for its loader: nothing to show.
      { loader: prefetchLoader, HydrateFallback: () => null }
    : {};
  return PAGES[id].pattern === '/'
    ? { index: true, lazy: pageModule(id), ...loading }
    : { path: PAGES[id].pattern, lazy: pageModule(id), ...loading };
}

/** The pages of one guard (`PAGES[id].guard`), or the unguarded ones for `undefined`. */
function pagesGuardedBy(guard: 'user' | 'admin' | undefined): RouteObject[] {
  return pageIds.filter((id) => (PAGES[id] as PageRoute).guard === guard).map(pageRoute);
}

/**
 * The pages of the shared route table (`@flowbay/domain/routes`), mounted under the root layout;
 * the guarded ones under one guard layout each (signed in; signed in as an admin).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...pagesGuardedBy(undefined),
      { element: <RequireAuth />, children: pagesGuardedBy('user') },
      { element: <RequireAuth admin />, children: pagesGuardedBy('admin') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
