import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a one-time secret: e-mail tokens, OAuth codes and state. */
const SECRET_PARAMS = new Set(['token', 'code', 'state']);
const REDACTED = '[redacted]';

function redactValue(value: string): string {
  // A callback address may itself carry a token (…?callbackURL=/reset-password?token=…).
  return value.startsWith('/') || /^https?:\/\//i.test(value) ? redactUrl(value) : value;
}

/**
 * n8n library keys: the path segment after /n8n/k/ (the templates host n8n is given), and anything
 * shaped like a key elsewhere (a host set up without /k/, a key pasted into a query).
 */
function redactLibraryKeys(text: string): string {
  return text.replace(/(\/n8n\/k\/)[^/?#]+/gi, `$1${REDACTED}`).replace(/fbn8n_[A-Za-z0-9_-]+/g, REDACTED);
}

/**
 * The request line as it may be logged: reset and verification tokens (the query's `token`, the
 * path segment after /reset-password/, callback addresses holding either) and n8n library keys
 * replaced by "[redacted]".
 */
export function redactUrl(url: string): string {
  return redactLibraryKeys(redactTokens(url));
}

function redactTokens(url: string): string {
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

/**
 * pino's redaction of the `url` a log line carries beside the request's own (error lines name the
 * request's address), so no line anywhere holds a token or a library key.
 */
export const logRedaction = {
  paths: ['url'],
  censor: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
};
