import { defineModule, route } from '../../lib/modules.ts';
import { publishingRoutes } from './publishing.routes.ts';
import { createPublishingService } from './publishing.service.ts';

/** What authors do: create, edit, delete workflows and add versions. */
export const publishingModule = defineModule({
  name: 'publishing',
  needs: ['workflows', 'uploads', 'catalog', 'events', 'storage'],
  provides: [],
  build: ({ workflows, uploads, catalog, events, storage }) => ({
    publishing: createPublishingService({ workflows, uploads, catalog, events, storage }),
  }),
  routes: ({ publishing }) => [route(publishingRoutes, { publishing })],
});
