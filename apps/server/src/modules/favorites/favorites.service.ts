import { isUuid, type ListingLanguage } from '@flowbay/domain';
import type { Events } from '../../infra/events/events.ts';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { notFound, unauthenticated } from '../../lib/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { FavoritesRepository } from './favorites.repository.ts';

/** A favourite given or taken back is stated as `favorite.changed` (the cards' counts listen). */
export function createFavoritesService(
  repository: FavoritesRepository,
  catalog: Pick<CatalogService, 'findVisible' | 'listFavorites'>,
  events: Pick<Events, 'emit'>,
) {
  const changed = (userId: string, workflowId: string, favorited: boolean) =>
    events.emit(null, 'favorite.changed', { userId, workflowId, favorited });

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
      await changed(user.id, workflow.id, true);
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
      await changed(user.id, workflowId, false);
      return {
        workflow_id: workflowId,
        isFavorited: false,
        favorites_count: count ?? (await repository.count(workflowId)),
      };
    },

    async list(viewer: Viewer, page: number, wanted?: ListingLanguage) {
      signedIn(viewer);
      return catalog.listFavorites(viewer, page, wanted);
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
