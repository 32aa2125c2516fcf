import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '@flowbay/domain';
import {
  TRANSLATE_LANGUAGES,
  TranslateInput,
  TranslateResult,
  TranslateStatus,
} from '@flowbay/domain/translate';
import type { TranslateService } from './translate.service.ts';

export async function translateRoutes(root: FastifyInstance, { translate }: { translate: TranslateService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/translate',
    {
      schema: {
        tags: ['translation'],
        summary: 'Whether machine translation is configured, and its target languages',
        response: { 200: TranslateStatus },
      },
    },
    () => ({
      available: translate.available,
      languages: translate.available ? [...TRANSLATE_LANGUAGES] : [],
    }),
  );

  app.post(
    '/api/translate',
    {
      schema: {
        tags: ['translation'],
        summary: 'Translate a title and description (cached per text and language)',
        body: TranslateInput,
        response: { 200: TranslateResult, 400: ApiError, 429: ApiError, 502: ApiError, 503: ApiError },
      },
      // Each miss costs a call to the provider; the cache makes repeated texts free.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({ translations: await translate.translate(request.body) }),
  );
}
