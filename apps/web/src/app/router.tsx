import { createBrowserRouter, type RouteObject } from 'react-router';
import { PAGES, type PageId, type PageRoute } from '@flowbay/domain/routes';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { i18n } from '@/i18n';
import { RootLayout } from './layout/root-layout';
import { prefetchLoader } from './route-loaders';
import { RouteError } from './routes/route-error';

/** Static pages wait for their texts with their code, so they render once, without a skeleton shift. */
function withPagesText<T>(load: () => Promise<T>) {
  // The server's render has every text loaded already (entry-server.tsx).
  return async () =>
    (await Promise.all([load(), i18n.isInitialized ? i18n.loadNamespaces('pages') : undefined]))[0];
}

/** Every page is its own chunk, so a visitor downloads only the page they open. */
const pageModules: Record<PageId, RouteObject['lazy']> = {
  home: () => import('./routes/home'),
  catalog: () => import('./routes/catalog'),
  workflow: () => import('./routes/workflow-detail'),
  publicProfile: () => import('./routes/public-profile'),
  auth: () => import('./routes/auth'),
  verifyEmail: () => import('./routes/verify-email'),
  resetPassword: () => import('./routes/reset-password'),
  profile: () => import('./routes/profile'),
  workflowNew: () => import('./routes/workflow-new'),
  workflowEdit: () => import('./routes/workflow-edit'),
  myWorkflows: () => import('./routes/my-workflows'),
  favorites: () => import('./routes/favorites'),
  purchases: () => import('./routes/purchases'),
  orderReceipt: () => import('./routes/order-receipt'),
  testGateway: () => import('./routes/test-gateway'),
  admin: () => import('./routes/admin'),
  guide: withPagesText(() => import('./routes/guide')),
  contact: () => import('./routes/contact'),
  faq: withPagesText(() => import('./routes/faq')),
  terms: withPagesText(() => import('./routes/terms')),
  privacy: withPagesText(() => import('./routes/privacy')),
  sales: () => import('./routes/sales'),
  notFound: () => import('./routes/not-found'),
};

const pageIds = Object.keys(PAGES) as PageId[];

/** Pages whose data starts loading with the navigation (app/prefetch.ts knows what each shows first). */
const PREFETCHED: ReadonlySet<PageId> = new Set(['home', 'catalog', 'workflow', 'publicProfile']);

function pageRoute(id: PageId): RouteObject {
  const loading: Pick<RouteObject, 'loader' | 'HydrateFallback'> = PREFETCHED.has(id)
    ? // Only a page rendered without the server's data (npm run dev) waits for its loader: nothing to show.
      { loader: prefetchLoader, HydrateFallback: () => null }
    : {};
  return PAGES[id].pattern === '/'
    ? { index: true, lazy: pageModules[id], ...loading }
    : { path: PAGES[id].pattern, lazy: pageModules[id], ...loading };
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
