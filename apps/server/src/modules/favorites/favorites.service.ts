import { isUuid } from '@flowbay/domain';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { notFound, unauthenticated } from '../../lib/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { FavoritesRepository } from './favorites.repository.ts';

export function createFavoritesService(repository: FavoritesRepository, catalog: CatalogService) {
  const signedIn = (viewer: Viewer) => {
    if (!isSignedIn(viewer)) throw unauthenticated();
    return viewer;
  };

  return {
    async check(viewer: Viewer, workflowId: string) {
      const user = signedIn(viewer);
      return { isFavorited: await repository.has(user.id, workflowId) };
    },

    /** Favouriting twice is one favourite; only workflows the caller can see can be favourited. */
    async add(viewer: Viewer, workflowId: string) {
      const user = signedIn(viewer);
      const workflow = await catalog.findVisible(workflowId, viewer);
      const count = await repository.add(user.id, workflow.id);
      return {
        workflow_id: workflow.id,
        isFavorited: true,
        favorites_count: count ?? (await repository.count(workflow.id)),
      };
    },

    async remove(viewer: Viewer, workflowId: string) {
      const user = signedIn(viewer);
      if (!isUuid(workflowId)) throw notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');
      const count = await repository.remove(user.id, workflowId);
      return {
        workflow_id: workflowId,
        isFavorited: false,
        favorites_count: count ?? (await repository.count(workflowId)),
      };
    },

    async list(viewer: Viewer, page: number) {
      signedIn(viewer);
      return catalog.listFavorites(viewer, page);
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
