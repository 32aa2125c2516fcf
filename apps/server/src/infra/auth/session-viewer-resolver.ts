import { ANONYMOUS, type ViewerResolver } from '../request-viewer.ts';
import { withDatabaseCause } from './database-failure.ts';
import type { Auth } from './index.ts';

/**
 * The real viewer: a session from the cookie or from `Authorization: Bearer <token>` (the bearer plugin
 * turns the token into the same session lookup). A missing, expired or revoked session is anonymous;
 * routes that need a user answer 401 themselves. Without the database the lookup fails with the
 * database's error (503), not Better Auth's bare 500.
 */
export function createViewerResolver(auth: Auth): ViewerResolver {
  return async (headers) => {
    const result = await withDatabaseCause(() =>
      auth.api.getSession({ headers, query: { disableCookieCache: true } }),
    );
    if (!result) return ANONYMOUS;
    const { user, session } = result;
    return {
      kind: user.role === 'admin' ? 'admin' : 'user',
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      sessionId: session.id,
    };
  };
}
