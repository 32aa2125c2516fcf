import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { TaxonomyRepository } from './taxonomy.repository.ts';

export async function taxonomyRoutes(
  root: FastifyInstance,
  { repository }: { repository: TaxonomyRepository },
) {
  const route = contractRoutes(root, {
    tags: ['catalogue'],
    access: { kind: 'public', reason: 'the platforms and use cases every page filters by' },
  });
  route('GET /api/categories', { summary: 'Platforms', handler: () => repository.platforms() });
  route('GET /api/subcategories', { summary: 'Use cases', handler: () => repository.useCases() });
}
