import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Category, Subcategory } from '@flowbay/domain';
import type { TaxonomyRepository } from './taxonomy.repository.ts';

export async function taxonomyRoutes(
  root: FastifyInstance,
  { repository }: { repository: TaxonomyRepository },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/categories',
    { schema: { tags: ['catalogue'], summary: 'Platforms', response: { 200: z.array(Category) } } },
    () => repository.platforms(),
  );

  app.get(
    '/api/subcategories',
    { schema: { tags: ['catalogue'], summary: 'Use cases', response: { 200: z.array(Subcategory) } } },
    () => repository.useCases(),
  );
}
