import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { AuthContext } from 'better-auth';

interface RevokeContext {
  path: string;
  body?: unknown;
  context: AuthContext;
}

/**
 * Better Auth's POST /revoke-session answers `{ status: true }` for any token, revoking it only when
 * it is the caller's: a caller cannot tell that nothing happened. A token that is not one of the
 * caller's own sessions (another user's, or none at all) answers 404 SESSION_NOT_FOUND instead.
 * Without a session the route's own 401 stands.
 */
export async function refuseForeignSessionRevoke(ctx: RevokeContext) {
  if (ctx.path !== '/revoke-session') return;
  const token = (ctx.body as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') return;
  const caller = await getSessionFromCtx(ctx as never);
  if (!caller) return;
  const target = await ctx.context.internalAdapter.findSession(token);
  if (target?.session.userId === caller.user.id) return;
  throw new APIError('NOT_FOUND', { code: 'SESSION_NOT_FOUND', message: 'Session not found' });
}
