/**
 * Errors that mean "the database cannot be reached right now" (restart, shutdown, network), as opposed to
 * a bad query. The API answers them with 503 DATABASE_UNAVAILABLE instead of a 500 (see app.ts).
 */

/** SQLSTATEs of a server that is going away or not accepting connections yet. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: a fast or immediate stop ended our session
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** Socket errors of a connection that failed or died. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres and its pool say when a connection ends, times out or is unusable. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isUnavailableHere(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Class 08: connection exception (08000, 08001, 08003, 08004, 08006, 08P01…).
    if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known));
}

/** True when `error`, or an error it wraps (Drizzle and Better Auth wrap driver errors), is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableHere(current)) return true;
    pending.push((current as { cause?: unknown }).cause);
    // Node reports a refused connection to every address of a host as one AggregateError.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) pending.push(...inner);
  }
  return false;
}
