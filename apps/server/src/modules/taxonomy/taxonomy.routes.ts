import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { Category, Subcategory } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { categories, subcategories } from '../../db/schema.ts';

export async function taxonomyRoutes(root: FastifyInstance, { db }: { db: Database }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const columns = { id: categories.id, name: categories.name, name_vi: categories.nameVi };
  const subColumns = { id: subcategories.id, name: subcategories.name, name_vi: subcategories.nameVi };

  app.get(
    '/api/categories',
    { schema: { tags: ['catalogue'], summary: 'Platforms', response: { 200: z.array(Category) } } },
    () => db.select(columns).from(categories).orderBy(asc(categories.position), asc(categories.id)),
  );

  app.get(
    '/api/subcategories',
    { schema: { tags: ['catalogue'], summary: 'Use cases', response: { 200: z.array(Subcategory) } } },
    () =>
      db.select(subColumns).from(subcategories).orderBy(asc(subcategories.position), asc(subcategories.id)),
  );
}
