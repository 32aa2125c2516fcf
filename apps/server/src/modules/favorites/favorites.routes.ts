import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  FavoriteCheck,
  FavoriteInput,
  FavoriteState,
  PageQuery,
  WorkflowList,
} from '@flowbay/domain';
import type { FavoritesService } from './favorites.service.ts';
import { signedInSecurity } from '../../plugins/openapi.ts';
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

export async function favoritesRoutes(root: FastifyInstance, { favorites }: { favorites: FavoritesService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/favorites',
    {
      schema: {
        tags: ['favorites'],
        summary: "The caller's favourite workflows (12 a page, zero-based)",
        security: signedInSecurity,
        querystring: PageQuery,
        response: { 200: WorkflowList, ...errors },
      },
    },
    (request) => favorites.list(request.viewer, request.query.page),
  );

  app.get(
    '/api/favorites/check',
    {
      schema: {
        tags: ['favorites'],
        security: signedInSecurity,
        querystring: z.object({ workflow_id: z.string().uuid() }),
        response: { 200: FavoriteCheck, ...errors },
      },
    },
    (request) => favorites.check(request.viewer, request.query.workflow_id),
  );

  app.post(
    '/api/favorites',
    {
      schema: {
        tags: ['favorites'],
        security: signedInSecurity,
        body: FavoriteInput,
        response: { 200: FavoriteState, ...errors },
      },
      config: { invalidatesCatalogue: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    (request) => favorites.add(request.viewer, request.body.workflow_id),
  );

  app.delete(
    '/api/favorites/:workflow_id',
    {
      schema: {
        tags: ['favorites'],
        security: signedInSecurity,
        params: z.object({ workflow_id: z.string().min(1).max(64) }),
        response: { 200: FavoriteState, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) => favorites.remove(request.viewer, request.params.workflow_id),
  );
}
