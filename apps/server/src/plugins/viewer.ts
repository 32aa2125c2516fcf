import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ANONYMOUS, type Viewer, type ViewerResolver } from '../infra/viewer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /** A page route that needs its visitor (the server render shows what the API shows them). */
    viewer?: boolean;
  }
}

/**
 * `request.viewer`: who is calling an API route, or a page route that opts in with
 * `config: { viewer: true }` (cookie session or bearer token), else anonymous.
 */
async function viewer(app: FastifyInstance, options: { resolveViewer?: ViewerResolver }) {
  const { resolveViewer } = options;
  app.decorateRequest('viewer', null as never);
  app.addHook('onRequest', async (request) => {
    request.viewer = ANONYMOUS;
    // Better Auth reads its own session on /api/auth/*; resolving it here too would cost a query.
    if (!resolveViewer || request.url.startsWith('/api/auth/')) return;
    if (!request.url.startsWith('/api/') && !request.routeOptions.config?.viewer) return;
    if (!request.headers.authorization && !request.headers.cookie) return;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    request.viewer = await resolveViewer(headers);
  });
}

export default fp(viewer, { name: 'viewer', fastify: '5.x' });
