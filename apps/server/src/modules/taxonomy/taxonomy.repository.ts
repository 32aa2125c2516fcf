import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, subcategories } from '../../db/schema.ts';

export function createTaxonomyRepository(db: Database) {
  /** A taxonomy list in catalogue order. */
  const inCatalogueOrder = (table: typeof categories | typeof subcategories) =>
    db
      .select({ id: table.id, name: table.name, name_vi: table.nameVi })
      .from(table)
      .orderBy(asc(table.position), asc(table.id));

  return {
    /** Platforms (n8n, Make, Zapier). */
    platforms: () => inCatalogueOrder(categories),
    /** Use cases. */
    useCases: () => inCatalogueOrder(subcategories),
  };
}

export type TaxonomyRepository = ReturnType<typeof createTaxonomyRepository>;
