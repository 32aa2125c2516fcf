import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { TranslateService } from './translate.service.ts';

export async function translateRoutes(root: FastifyInstance, { translate }: { translate: TranslateService }) {
  const route = contractRoutes(root, {
    tags: ['translation'],
    access: { kind: 'public', reason: 'visitors may translate a description (rate-limited per client)' },
  });

  route('GET /api/translate', {
    summary: 'Whether machine translation is configured, and its target languages',
    handler: () => translate.status(),
  });

  route('POST /api/translate', {
    summary: 'Translate a title and description (cached per text and language)',
    errors: [400, 429, 502, 503],
    // Each miss costs a call to the provider; the cache makes repeated texts free.
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) => ({ translations: await translate.translate(request.body) }),
  });
}
