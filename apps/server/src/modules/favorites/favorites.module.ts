import { defineModule, route } from '../../lib/modules.ts';
import { createFavoritesRepository } from './favorites.repository.ts';
import { favoritesRoutes } from './favorites.routes.ts';
import { createFavoritesService } from './favorites.service.ts';

/** A signed-in user's favourite workflows. */
export const favoritesModule = defineModule({
  name: 'favorites',
  needs: ['db', 'catalog', 'events'],
  provides: [],
  build: ({ db, catalog, events }) => ({
    favorites: createFavoritesService(createFavoritesRepository(db), catalog, events),
  }),
  routes: ({ favorites }) => [route(favoritesRoutes, { favorites })],
});
