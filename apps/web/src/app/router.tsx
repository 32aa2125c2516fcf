import type { ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { PAGES, matchPage, type PageId, type PageRoute } from '@flowbay/domain/routes';
import { RequireAuth } from '@/features/accounts/components/require-auth';
import { i18n, loadSignedInTexts } from '@/i18n';
import { preloadable } from '@/lib/preloadable';
import { RootLayout } from './layout/root-layout';
import { PAGE_MODULES, type PageTexts } from './page-modules';
import { PageErrorBoundary } from './routes/route-error';

/** Every page is its own chunk, so a visitor downloads only the page they open. */
const routeModules = import.meta.glob<{ Component: ComponentType }>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/route-error.tsx',
]);

/** Loads a page's own texts (the server's render has every text loaded already: entry-server.tsx). */
const TEXT_LOADERS: Record<PageTexts, () => Promise<unknown>> = {
  pages: () => (i18n.isInitialized ? i18n.loadNamespaces('pages') : Promise.resolve()),
  signedIn: loadSignedInTexts,
};

/**
 * A page's component, from its own chunk. A page waits for its texts with its code, so it renders
 * once, without a raw key or a skeleton shift.
 */
function pageComponent(id: PageId) {
  const { file, texts } = PAGE_MODULES[id];
  const load = routeModules[`./routes/${file}.tsx`];
  if (!load) throw new Error(`page ${id}: no module routes/${file}.tsx`);
  return preloadable(async () => {
    const [module] = await Promise.all([load(), texts ? TEXT_LOADERS[texts]() : undefined]);
    return module.Component;
  });
}

const pageIds = Object.keys(PAGES) as PageId[];
const pages = Object.fromEntries(pageIds.map((id) => [id, pageComponent(id)])) as Record<
  PageId,
  ReturnType<typeof pageComponent>
>;

function pageRoute(id: PageId): RouteObject {
  const Page = pages[id];
  return PAGES[id].pattern === '/'
    ? { index: true, element: <Page /> }
    : { path: PAGES[id].pattern, element: <Page /> };
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
    children: [
      ...pagesGuardedBy(undefined),
      { element: <RequireAuth />, children: pagesGuardedBy('user') },
      { element: <RequireAuth admin />, children: pagesGuardedBy('admin') },
    ],
  },
];

/**
 * Loads the chunk of the page at `pathname` (and its texts), so it renders at once: before the
 * server's render, and before the browser hydrates it (the same markup, no fallback in between).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  return pages[matchPage(pathname).id].preload();
}

/** The app's pages at the router's address; a page that throws shows the error page instead. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <PageErrorBoundary pathname={pathname}>{useRoutes(routes)}</PageErrorBoundary>;
}
