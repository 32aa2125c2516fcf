import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TtlCache } from '../lib/response-cache.ts';
import type { SearchSync } from '../modules/catalog/search/search-sync.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of the public catalogue kept for a few seconds on this instance (0005). */
    catalogueCache: { pages: TtlCache<Buffer>; counts: TtlCache<number> };
  }
  interface FastifyContextConfig {
    /**
     * A write that may change what catalogue pages show: when it succeeds, this instance's cached
     * pages and counts are dropped and the search index is refreshed. Routes opt in; a write
     * without it (a view, a payout request) keeps the cache.
     */
    invalidatesCatalogue?: boolean;
  }
}

async function catalogueCache(app: FastifyInstance, options: { search: SearchSync }) {
  const pages = new TtlCache<Buffer>(5_000, 500);
  const counts = new TtlCache<number>(5_000, 10);
  app.decorate('catalogueCache', { pages, counts });
  // Cleared before the answer leaves, so the writer's next read cannot see the old page.
  app.addHook('onSend', async (request, reply, payload) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (write && request.routeOptions.config?.invalidatesCatalogue && reply.statusCode < 400) {
      pages.clear();
      counts.clear();
      options.search.markDirty();
    }
    return payload;
  });
}

export default fp(catalogueCache, { name: 'catalogue-cache', fastify: '5.x' });
