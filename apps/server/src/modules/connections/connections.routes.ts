import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { ConnectionsService } from './connections.service.ts';

/** The caller's n8n connections, and "Send to my n8n" on a workflow's page. */
export async function connectionsRoutes(
  root: FastifyInstance,
  { connections }: { connections: ConnectionsService },
) {
  const route = contractRoutes(root, {
    tags: ['connections'],
    access: 'signed-in',
    errors: [400, 401, 404, 409],
    params: { id: z.string().min(1).max(200) },
  });

  route('GET /api/me/n8n-connections', {
    summary: "The caller's saved n8n instances (never their API keys: the last four characters only)",
    handler: (request) => connections.list(request.viewer),
  });

  route('POST /api/me/n8n-connections', {
    summary: "Saves an n8n instance's address and public API key (sealed at rest)",
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (request) => connections.create(request.viewer, request.body),
  });

  route('POST /api/me/n8n-connections/:id/test', {
    summary: "Calls the instance's public API with the saved key; n8n's own error text on failure",
    access: 'owner',
    errors: [400, 401, 404, 429, 502],
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (request) => connections.test(request.viewer, request.params.id),
  });

  route('DELETE /api/me/n8n-connections/:id', {
    access: 'owner',
    handler: (request) => connections.remove(request.viewer, request.params.id),
  });

  route('POST /api/workflows/:id/send-to-n8n', {
    tags: ['connections', 'downloads'],
    // Only with one of the caller's own connections (another's is not found).
    access: 'owner',
    summary: 'Creates a free, own or bought n8n workflow in one of the caller’s n8n instances',
    errors: [400, 401, 403, 404, 409, 429, 502],
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (request) =>
      connections.sendToN8n(request.viewer, request.params.id, request.body.connection_id),
  });
}
