import type { FastifyInstance } from 'fastify';
import { VALIDATION_KEYS } from '@flowbay/domain';
import { AppError, invalid } from '../../lib/errors.ts';

const ENCODED_NUL = /%00/i;

export const nulCharacter = (field: string) =>
  invalid(field, 'Text may not contain the NUL character', { messageKey: VALIDATION_KEYS.nulCharacter });

/** The dotted field path (as validation errors name it) of the first string or key holding U+0000, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findNul(value[index], at(index), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path || 'body';
    const found = findNul(item, at(key), depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL refuses U+0000 in text, so it would surface as a 500 deep in a query. One rule for
 * every route instead: a NUL in the path names nothing (404), in the query or a JSON body it is
 * invalid input (400 VALIDATION_FAILED with the field). Bodies Better Auth reads itself are
 * checked where the auth routes parse them.
 */
export function refuseNulBytes(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    // `%00` is the only escape that decodes to U+0000, so most addresses need no parsing.
    if (!url.includes('%00') && !url.includes('\u0000')) return;
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (ENCODED_NUL.test(path) || path.includes('\u0000')) throw new AppError('NOT_FOUND', 'Not found');
    if (queryAt < 0) return;
    for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
      if (name.includes('\u0000') || value.includes('\u0000')) {
        throw nulCharacter(name.split('\u0000').join('') || 'query');
      }
    }
  });
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body === undefined || body === null) return;
    const found = typeof body === 'string' ? (body.includes('\u0000') ? 'body' : null) : findNul(body);
    if (found) throw nulCharacter(found);
  });
}
