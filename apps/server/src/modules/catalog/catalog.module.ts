import { defineModule, route } from '../../lib/modules.ts';
import { registerCatalogListeners } from './catalog.listeners.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { createCatalogService, type CatalogService } from './catalog.service.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** Cards, details, versions and downloads as each viewer may see them. */
    catalog: CatalogService;
  }
}

/** The public catalogue: lists, search, details, downloads; it follows every write that changes a card. */
export const catalogModule = defineModule({
  name: 'catalog',
  needs: [
    'db',
    'workflows',
    'storage',
    'servedFiles',
    'catalogueCache',
    'search',
    'limitDownloads',
    'policyCheck',
  ],
  provides: ['catalog'],
  build: ({ db, workflows, storage, servedFiles, catalogueCache, search, policyCheck }) => ({
    catalog: createCatalogService({
      repository: createCatalogRepository(db),
      workflows,
      storage,
      servedFiles,
      countCache: catalogueCache.counts,
      search,
      policyCheck,
    }),
  }),
  routes: ({ catalog, catalogueCache, limitDownloads }) => [
    route(catalogRoutes, { catalog, listCache: catalogueCache.pages, limitDownloads }),
  ],
  listeners: (events, { workflows, catalogueCache }) =>
    registerCatalogListeners(events, { workflows, catalogueCache }),
});
