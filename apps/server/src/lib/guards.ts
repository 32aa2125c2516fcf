import { isAdmin, isSignedIn, type SignedInViewer, type Viewer } from '../infra/request-viewer.ts';
import { AppError, forbidden, unauthenticated } from './errors.ts';

/**
 * Who may call a route, declared on the route itself (`access` of contractRoutes, else
 * `config.access`; decision 0145):
 * - public, with the reason it is open to anyone;
 * - `'signed-in'`: anyone signed in, acting as themselves; anonymous gets 401;
 * - `'owner'`: signed in (401), and the service answers 403 or 404 unless the resource is theirs;
 * - `'admin'`: admins only; anonymous gets 401, anyone else 403.
 * The viewer plugin enforces the session and the admin role from it, OpenAPI documents it
 * (`security`, `x-access`) and the authorization matrix test tries every write route by it.
 */
export type Access = { kind: 'public'; reason: string } | 'signed-in' | 'owner' | 'admin';

/** `public` or the declared kind: what OpenAPI's `x-access` and the matrix test call it. */
export function accessKind(access: Access): 'public' | 'signed-in' | 'owner' | 'admin' {
  return typeof access === 'string' ? access : access.kind;
}

export const needsSession = (access: Access) => accessKind(access) !== 'public';

/**
 * The caller of a route declared signed-in, owner or admin, as a signed-in viewer: the route has
 * checked the session; this narrows the type (and refuses anonymous should a service be called
 * another way).
 */
export function signedIn(viewer: Viewer): SignedInViewer {
  if (!isSignedIn(viewer)) throw unauthenticated();
  return viewer;
}

/** A signed-in caller whose e-mail is confirmed: what every publishing write needs. */
export function requireUser(viewer: Viewer): SignedInViewer {
  const user = signedIn(viewer);
  if (!user.emailVerified)
    throw new AppError('EMAIL_NOT_VERIFIED', 'Please confirm your e-mail address first');
  return user;
}

/** The rule of an `'admin'` route: a signed-in admin with a confirmed e-mail. */
export function requireAdmin(viewer: Viewer): SignedInViewer {
  const user = requireUser(viewer);
  if (!isAdmin(user)) throw forbidden();
  return user;
}
