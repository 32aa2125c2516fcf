import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TtlCache } from '../lib/response-cache.ts';
import type { SearchSync } from '../modules/catalog/search/search-sync.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of the public catalogue kept for a few seconds on this instance (0005). */
    catalogueCache: CatalogueCache;
  }
}

export interface CatalogueCache {
  pages: TtlCache<Buffer>;
  counts: TtlCache<number>;
  /**
   * A write changed what catalogue pages may show: this instance's cached pages and counts are
   * dropped and its search index reads the change back before the next search. Called by the
   * catalog's listeners of the events that change cards (modules/catalog/catalog.listeners.ts).
   */
  invalidate(): void;
}

async function catalogueCache(app: FastifyInstance, options: { search: SearchSync }) {
  const pages = new TtlCache<Buffer>(5_000, 500);
  const counts = new TtlCache<number>(5_000, 10);
  const invalidate = () => {
    pages.clear();
    counts.clear();
    options.search.markDirty();
  };
  app.decorate('catalogueCache', { pages, counts, invalidate });
}

export default fp(catalogueCache, { name: 'catalogue-cache', fastify: '5.x' });
