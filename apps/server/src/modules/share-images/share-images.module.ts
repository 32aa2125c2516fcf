import { defineModule, route } from '../../lib/modules.ts';
import { shareImageRoutes } from './share-image.routes.ts';
import { createShareImageService } from './share-image.service.ts';

/** The picture a shared link to a workflow shows. */
export const shareImagesModule = defineModule({
  name: 'share-images',
  needs: ['catalog'],
  provides: [],
  routes: ({ catalog }) => [route(shareImageRoutes, { images: createShareImageService(catalog) })],
});
