import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { asUploadedFile } from '../infra/http/security-headers.ts';
import { isPublicKey, type Storage } from '../infra/storage/index.ts';
import { AppError } from '../lib/errors.ts';

/** Public files (covers, avatars) of the local storage driver; workflow files are never served here. */
async function publicFiles(app: FastifyInstance, options: { storage: Storage }) {
  app.get<{ Params: { '*': string } }>('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const body = isPublicKey(key) ? await options.storage.get(key) : null;
    if (!body) throw new AppError('NOT_FOUND', 'Not found');
    const type = key.endsWith('.webp') ? 'image/webp' : key.endsWith('.png') ? 'image/png' : 'image/jpeg';
    // Shown in <img> here and by n8n's template browser; opened directly, a download that never runs.
    return asUploadedFile(reply)
      .type(type)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });
}

export default fp(publicFiles, { name: 'public-files', fastify: '5.x', dependencies: ['error-policy'] });
