import { defineModule, route } from '../../lib/modules.ts';
import { webRoutes } from './web.routes.ts';

/**
 * The built web app (`distDir`, or none in API tests), each public page's head rendered here, robots.txt
 * and the sitemap. Its catch-all must come last in the module list: it must not shadow an API route.
 */
export function webModule(distDir: string | null) {
  return defineModule({
    name: 'web',
    needs: ['env', 'db', 'catalog', 'ratings', 'profiles', 'translate', 'orders'],
    provides: [],
    routes: ({ env, db, catalog, ratings, profiles, translate, orders }) => [
      route(webRoutes, {
        env,
        db,
        catalog,
        ratings,
        profiles,
        facts: { translateStatus: translate.status, paymentProviders: orders.providerList },
        distDir,
      }),
    ],
  });
}
