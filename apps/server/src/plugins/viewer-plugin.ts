import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ANONYMOUS, type Viewer, type ViewerResolver } from '../infra/request-viewer.ts';
import { needsSession, requireAdmin, signedIn, type Access } from '../lib/guards.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /** A page route that needs its visitor (the server render shows what the API shows them). */
    viewer?: boolean;
    /** Who may call the route (lib/guards.ts); every /api/ route declares it. */
    access?: Access;
  }
}

/**
 * An API route must say who may call it (`config.access`, set by contractRoutes): refused at start
 * otherwise, so no route is open by omission.
 */
function checkDeclared(route: RouteOptions): Access | undefined {
  const access = route.config?.access;
  const name = `${String(route.method)} ${route.url}`;
  if (!access) {
    if (route.url.startsWith('/api/'))
      throw new Error(
        `${name} declares no access: give it access (public with a reason, 'signed-in', 'owner' or 'admin')`,
      );
    return undefined;
  }
  if (typeof access === 'object' && !access.reason.trim())
    throw new Error(`${name} is public without a reason: say why anyone may call it`);
  return access;
}

/** A route's own hooks of one kind, with `first` put before them. */
function before<H>(first: H, existing: H | H[] | undefined): H | H[] {
  return existing ? [first, ...(Array.isArray(existing) ? existing : [existing])] : first;
}

/** The session (401) before the input is checked; for an admin route, the role too (403). */
const enforce = {
  session: async (request: FastifyRequest) => {
    signedIn(request.viewer);
  },
  admin: async (request: FastifyRequest) => {
    requireAdmin(request.viewer);
  },
};

/**
 * `request.viewer`: who is calling an API route, or a page route that opts in with
 * `config: { viewer: true }` (cookie session or bearer token), else anonymous. A route's declared
 * access is enforced here (decision 0145): a route that needs a session answers 401 to an anonymous
 * caller, and an admin route 403 to anyone but an admin, before its parameters and body are checked,
 * so a stranger learns nothing of what the route would accept.
 */
async function viewer(app: FastifyInstance, options: { resolveViewer?: ViewerResolver }) {
  const { resolveViewer } = options;
  app.decorateRequest('viewer', null as never);
  app.addHook('onRoute', (route) => {
    const access = checkDeclared(route);
    if (!access || !needsSession(access)) return;
    route.preValidation = before(access === 'admin' ? enforce.admin : enforce.session, route.preValidation);
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
