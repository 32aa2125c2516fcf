import { defineModule, route } from '../../lib/modules.ts';
import { taxonomyRoutes } from './taxonomy.routes.ts';
import { createTaxonomyRepository, type TaxonomyRepository } from './taxonomy.repository.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** Platforms and use cases in catalogue order, with their English and Vietnamese names. */
    taxonomy: Pick<TaxonomyRepository, 'platforms' | 'useCases'>;
  }
}

/** Platforms and use cases, as the filters and forms list them. */
export const taxonomyModule = defineModule({
  name: 'taxonomy',
  needs: ['db'],
  provides: ['taxonomy'],
  build: ({ db }) => ({ taxonomy: createTaxonomyRepository(db) }),
  routes: ({ taxonomy }) => [route(taxonomyRoutes, { repository: taxonomy })],
});
