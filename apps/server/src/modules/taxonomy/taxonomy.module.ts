import { defineModule, route } from '../../lib/modules.ts';
import { taxonomyRoutes } from './taxonomy.routes.ts';
import { createTaxonomyRepository } from './taxonomy.repository.ts';

/** Platforms and use cases, as the filters and forms list them. */
export const taxonomyModule = defineModule({
  name: 'taxonomy',
  needs: ['db'],
  provides: [],
  routes: ({ db }) => [route(taxonomyRoutes, { repository: createTaxonomyRepository(db) })],
});
