import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { DownloadLimit } from '../../lib/download-limit.ts';
import type { MakeService } from './make.service.ts';

export interface MakeRoutesOptions {
  make: MakeService;
  /** A send is a download of the file: the same per-visitor limit applies. */
  limitDownloads: DownloadLimit;
}

const visitorKey = (request: FastifyRequest) => `${request.ip}|${request.headers['user-agent'] ?? ''}`;
const params = { id: z.uuid() };
/** Each of these calls Make with the user's token: bounded so Flowbay never floods Make for anyone. */
const makeCalls = { rateLimit: { max: 20, timeWindow: '10 minutes' } };

export async function makeRoutes(root: FastifyInstance, { make, limitDownloads }: MakeRoutesOptions) {
  const route = contractRoutes(root, {
    tags: ['make'],
    access: 'owner',
    errors: [400, 401, 403, 404],
    params,
  });

  route('GET /api/me/make-connections', {
    access: 'signed-in',
    summary: 'Your saved Make connections (the token only as its last characters)',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return make.list(request.viewer);
    },
  });
  route('POST /api/me/make-connections', {
    access: 'signed-in',
    summary: 'Save a Make connection: zone, API token (sealed at rest), team ID and a name',
    status: 201,
    errors: [400, 401, 403, 409],
    handler: (request) => make.create(request.viewer, request.body),
  });
  route('POST /api/me/make-connections/:id/test', {
    summary: "Ask Make whom the connection's token belongs to",
    errors: [400, 401, 403, 404, 422, 429, 502],
    config: makeCalls,
    handler: (request) => make.test(request.viewer, request.params.id),
  });
  route('DELETE /api/me/make-connections/:id', {
    status: 204,
    handler: async (request) => {
      await make.remove(request.viewer, request.params.id);
      return null;
    },
  });
  route('POST /api/workflows/:id/send-to-make', {
    summary: "Create a scenario from a Make listing's blueprint in your Make team; answers its link in Make",
    errors: [400, 401, 403, 404, 409, 422, 429, 502],
    config: makeCalls,
    handler: async (request, reply) => {
      await limitDownloads(request, reply);
      return make.send(request.viewer, request.params.id, request.body.connection_id, visitorKey(request));
    },
  });
}
