import { ANONYMOUS, type ViewerResolver } from '../viewer.ts';
import type { Auth } from './index.ts';

/**
 * The real viewer: a session from the cookie or from `Authorization: Bearer <token>` (the bearer plugin
 * turns the token into the same session lookup). A missing, expired or revoked session is anonymous;
 * routes that need a user answer 401 themselves.
 *
 * Better Auth turns a failed session lookup into a bare 500 and drops the cause; `probeDatabase` (a
 * `select 1`) then tells whether the database is gone, so the caller gets 503 DATABASE_UNAVAILABLE.
 */
export function createViewerResolver(auth: Auth, probeDatabase: () => Promise<void>): ViewerResolver {
  return async (headers) => {
    let result;
    try {
      result = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    } catch (error) {
      await probeDatabase();
      throw error;
    }
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
