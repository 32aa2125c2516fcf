import { defineModule, route } from '../../lib/modules.ts';
import { createBundlesRepository } from './bundles.repository.ts';
import { bundlesRoutes } from './bundles.routes.ts';
import { createBundlesService } from './bundles.service.ts';

/** Bundles: a seller's listed workflows sold together; their orders live in the orders module. */
export const bundlesModule = defineModule({
  name: 'bundles',
  needs: ['db', 'catalog', 'clock'],
  provides: [],
  build: ({ db, catalog, clock }) => ({
    bundles: createBundlesService({ repository: createBundlesRepository(db), catalog, clock }),
  }),
  routes: ({ bundles }) => [route(bundlesRoutes, { bundles })],
});
