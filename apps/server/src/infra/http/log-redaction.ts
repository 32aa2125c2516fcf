import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a one-time secret: e-mail tokens, OAuth codes and state. */
const SECRET_PARAMS = new Set(['token', 'code', 'state']);
const REDACTED = '[redacted]';

function redactValue(value: string): string {
  // A callback address may itself carry a token (…?callbackURL=/reset-password?token=…).
  return value.startsWith('/') || /^https?:\/\//i.test(value) ? redactUrl(value) : value;
}

/**
 * The request line as it may be logged: reset and verification tokens (the query's `token`, the
 * path segment after /reset-password/, callback addresses holding either) replaced by "[redacted]".
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(
    /(\/reset-password\/)[^/?#]+/gi,
    `$1${REDACTED}`,
  );
  if (queryAt < 0) return path;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  let changed = false;
  for (const [name, value] of [...params]) {
    const next = SECRET_PARAMS.has(name.toLowerCase()) ? REDACTED : redactValue(value);
    if (next !== value) {
      params.set(name, next);
      changed = true;
    }
  }
  return changed ? `${path}?${params.toString()}` : `${path}${url.slice(queryAt)}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
