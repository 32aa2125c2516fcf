import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractRoutes } from '../../lib/contract-routes.ts';
import { requestLanguage } from '../../lib/messages.ts';
import type { FavoritesService } from './favorites.service.ts';

export async function favoritesRoutes(root: FastifyInstance, { favorites }: { favorites: FavoritesService }) {
  const route = contractRoutes(root, {
    tags: ['favorites'],
    access: 'signed-in',
    errors: [400, 401, 403, 404],
  });

  route('GET /api/favorites', {
    summary: "The caller's favourite workflows (12 a page, zero-based)",
    handler: (request) =>
      favorites.list(request.viewer, request.query.page, requestLanguage(request.headers)),
  });

  route('GET /api/favorites/check', {
    handler: (request) => favorites.check(request.viewer, request.query.workflow_id),
  });

  route('POST /api/favorites', {
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: (request) => favorites.add(request.viewer, request.body.workflow_id),
  });

  route('DELETE /api/favorites/:workflow_id', {
    params: z.object({ workflow_id: z.string().min(1).max(64) }),
    handler: (request) => favorites.remove(request.viewer, request.params.workflow_id),
  });
}
