import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ANONYMOUS, isSignedIn, type Viewer, type ViewerResolver } from '../infra/request-viewer.ts';
import { unauthenticated } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /** A page route that needs its visitor (the server render shows what the API shows them). */
    viewer?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write whose OpenAPI entry names a security scheme needs a session (contract routes' `signedIn`).
 * Reads keep their own answer to an anonymous caller (an order's page answers 404 to anyone else).
 */
function isSignedInWrite(method: string | string[], schema: unknown): boolean {
  const methods = Array.isArray(method) ? method : [method];
  const security = (schema as { security?: unknown } | undefined)?.security;
  return methods.every((name) => WRITE_METHODS.has(name)) && Array.isArray(security) && security.length > 0;
}

/**
 * `request.viewer`: who is calling an API route, or a page route that opts in with
 * `config: { viewer: true }` (cookie session or bearer token), else anonymous. A write that needs a
 * session answers 401 to an anonymous caller before its parameters and body are checked, so a
 * stranger learns nothing of what the route would accept.
 */
async function viewer(app: FastifyInstance, options: { resolveViewer?: ViewerResolver }) {
  const { resolveViewer } = options;
  app.decorateRequest('viewer', null as never);
  app.addHook('onRoute', (route) => {
    if (!isSignedInWrite(route.method, route.schema)) return;
    const requireSession = async (request: FastifyRequest) => {
      if (!isSignedIn(request.viewer)) throw unauthenticated();
    };
    const existing = route.preValidation;
    route.preValidation = existing
      ? [requireSession, ...(Array.isArray(existing) ? existing : [existing])]
      : requireSession;
  });
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
