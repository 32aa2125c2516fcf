import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, subcategories } from '../../db/schema.ts';

export function createTaxonomyRepository(db: Database) {
  return {
    /** Platforms (n8n, Make, Zapier), in catalogue order. */
    platforms() {
      return db
        .select({ id: categories.id, name: categories.name, name_vi: categories.nameVi })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.id));
    },

    /** Use cases, in catalogue order. */
    useCases() {
      return db
        .select({ id: subcategories.id, name: subcategories.name, name_vi: subcategories.nameVi })
        .from(subcategories)
        .orderBy(asc(subcategories.position), asc(subcategories.id));
    },
  };
}

export type TaxonomyRepository = ReturnType<typeof createTaxonomyRepository>;
