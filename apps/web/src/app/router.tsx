import { createBrowserRouter, type RouteObject } from 'react-router';
import { i18n } from '@/i18n';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

/** Static pages wait for their texts with their code, so they render once, without a skeleton shift. */
function withPagesText<T>(load: () => Promise<T>) {
  return async () => (await Promise.all([load(), i18n.loadNamespaces('pages')]))[0];
}

/**
 * Every page is its own chunk (`lazy`), so a visitor downloads only the page they open.
 * Signed-in screens (auth, create, manage, profile, admin) are added to `children` the same way.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'workflows', lazy: () => import('./routes/catalog') },
      { path: 'workflows/:ref', lazy: () => import('./routes/workflow-detail') },
      { path: 'profiles/:id', lazy: () => import('./routes/public-profile') },
      { path: 'auth', lazy: () => import('./routes/auth') },
      { path: 'verify-email', lazy: () => import('./routes/verify-email') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password') },
      { path: 'profile', lazy: () => import('./routes/profile') },
      { path: 'workflows/new', lazy: () => import('./routes/workflow-new') },
      { path: 'workflows/:ref/edit', lazy: () => import('./routes/workflow-edit') },
      { path: 'me/workflows', lazy: () => import('./routes/my-workflows') },
      { path: 'me/favorites', lazy: () => import('./routes/favorites') },
      { path: 'me/purchases', lazy: () => import('./routes/purchases') },
      { path: 'orders/:code', lazy: () => import('./routes/order-receipt') },
      { path: 'test-gateway/pay', lazy: () => import('./routes/test-gateway') },
      { path: 'admin', lazy: () => import('./routes/admin') },
      { path: 'guide', lazy: withPagesText(() => import('./routes/guide')) },
      { path: 'contact', lazy: () => import('./routes/contact') },
      { path: 'faq', lazy: withPagesText(() => import('./routes/faq')) },
      { path: 'terms', lazy: withPagesText(() => import('./routes/terms')) },
      { path: 'privacy', lazy: withPagesText(() => import('./routes/privacy')) },
      { path: 'me/sales', lazy: () => import('./routes/sales') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
