import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  CreateN8nKeyBody,
  CreatedN8nKey,
  N8nCategories,
  N8nCollectionResponse,
  N8nCollections,
  N8nCollectionsQuery,
  N8nHealth,
  N8nImportTemplate,
  N8nKeyList,
  N8nSearchQuery,
  N8nSearchResult,
  N8nTemplateIdParams,
  N8nTemplateResponse,
  type Language,
} from '@flowbay/domain';
import { messageFor, requestLanguage } from '../../lib/messages.ts';
import type { N8nService, TemplatesCaller } from './n8n.service.ts';
import { signedInSecurity } from '../../plugins/openapi.ts';

export interface N8nRoutesOptions {
  n8n: N8nService;
  /** PUBLIC_URL; without it, links are built from the request's own address. */
  publicUrl?: string;
}

const KeyParams = z.object({ key: z.string().min(1).max(200) });
const errors = { 400: ApiError, 401: ApiError, 404: ApiError };

function originOf(request: FastifyRequest, publicUrl?: string): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/**
 * n8n's templates API (docs/decisions/0050-n8n-templates-api.md). n8n's editor calls it from the
 * browser, cross-origin, with credentials and an `n8n-version` header, so every answer allows the
 * caller's origin and the preflight succeeds. Served under four prefixes: /n8n (English names), /n8n/vi,
 * and both under a personal library key (/n8n/k/{key}, /n8n/k/{key}/vi).
 */
export async function n8nTemplateRoutes(root: FastifyInstance, { n8n, publicUrl }: N8nRoutesOptions) {
  root.addHook('onRequest', async (request, reply) => {
    // n8n 1.119's editor sends these requests with credentials (axios withCredentials) to any custom
    // host, and a browser refuses `*` then: echo the origin. No answer here reads a cookie.
    const origin = request.headers.origin;
    reply.header('access-control-allow-origin', origin ?? '*');
    if (origin) {
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
    }
    reply.header('access-control-allow-methods', 'GET, OPTIONS');
    reply.header('access-control-allow-headers', 'n8n-version, content-type, browser-id, authorization');
    reply.header('access-control-max-age', '86400');
    // A keyed answer may hold a purchased workflow: never kept by a shared cache.
    reply.header(
      'cache-control',
      request.url.startsWith('/n8n/k/') ? 'private, no-store' : 'public, max-age=300',
    );
  });
  root.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: { code: 'NOT_FOUND', message: messageFor('NOT_FOUND', requestLanguage(request.headers)) },
    }),
  );
  root.options('/*', { schema: { hide: true } }, async (_request, reply) => reply.status(204).send());

  const prefixes: { prefix: string; language: Language }[] = [
    { prefix: '', language: 'en' },
    { prefix: '/vi', language: 'vi' },
    { prefix: '/k/:key', language: 'en' },
    { prefix: '/k/:key/vi', language: 'vi' },
  ];
  for (const { prefix, language } of prefixes) {
    await root.register(
      async (scope) => {
        const app = scope.withTypeProvider<ZodTypeProvider>();
        const keyed = prefix.startsWith('/k/');
        const tags = ['n8n templates'];
        const params = keyed ? KeyParams : z.object({});
        const caller = (request: FastifyRequest): TemplatesCaller => ({
          language,
          publicUrl: originOf(request, publicUrl),
          ...(keyed ? { key: (request.params as { key: string }).key } : {}),
        });

        app.get(
          '/health',
          { schema: { tags, params, response: { 200: N8nHealth, 401: ApiError } } },
          (request) => n8n.health(caller(request)),
        );
        app.get(
          '/templates/categories',
          { schema: { tags, params, response: { 200: N8nCategories, 401: ApiError } } },
          (request) => n8n.categories(caller(request)),
        );
        app.get(
          '/templates/search',
          {
            schema: {
              tags,
              summary: 'Listed n8n workflows: page from 1, limit (or rows) up to 100, category names',
              params,
              querystring: N8nSearchQuery,
              response: { 200: N8nSearchResult, ...errors },
            },
          },
          (request) => n8n.search(request.query, caller(request)),
        );
        app.get(
          '/templates/collections',
          {
            schema: {
              tags,
              summary: 'One collection per use case (category ids in category[])',
              params,
              querystring: N8nCollectionsQuery,
              response: { 200: N8nCollections, ...errors },
            },
          },
          (request) => {
            const raw = request.query['category[]'] ?? request.query.category ?? [];
            const categoryIds = (Array.isArray(raw) ? raw : raw.split(','))
              .map((value) => Number(value))
              .filter((value) => Number.isInteger(value) && value > 0);
            return n8n.collections({ categoryIds, search: request.query.search }, caller(request));
          },
        );
        app.get(
          '/templates/collections/:id',
          {
            schema: {
              tags,
              params: params.extend(N8nTemplateIdParams.shape),
              response: { 200: N8nCollectionResponse, ...errors },
            },
          },
          (request) => n8n.collection(request.params.id, caller(request)),
        );
        app.get(
          '/templates/workflows/:id',
          {
            schema: {
              tags,
              summary: "One template with its workflow (a paid one's is a note linking to its page)",
              params: params.extend(N8nTemplateIdParams.shape),
              response: { 200: N8nTemplateResponse, ...errors },
            },
          },
          (request) => n8n.template(request.params.id, caller(request)),
        );
        app.get(
          '/workflows/templates/:id',
          {
            schema: {
              tags,
              summary: 'The flat shape n8n imports onto its canvas',
              params: params.extend(N8nTemplateIdParams.shape),
              response: { 200: N8nImportTemplate, ...errors },
            },
          },
          (request) => n8n.importTemplate(request.params.id, caller(request)),
        );
      },
      { prefix },
    );
  }
}

/** Personal library keys of the signed-in user (the key itself is shown once, on creation). */
export async function n8nKeyRoutes(root: FastifyInstance, { n8n, publicUrl }: N8nRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['n8n templates'];

  app.get(
    '/api/n8n/keys',
    {
      schema: {
        tags,
        security: signedInSecurity,
        response: { 200: N8nKeyList, 401: ApiError, 403: ApiError },
      },
    },
    (request) => n8n.listKeys(request.viewer),
  );
  app.post(
    '/api/n8n/keys',
    {
      schema: {
        tags,
        security: signedInSecurity,
        summary: 'Create a personal library key; its templates host is N8N_TEMPLATES_HOST for your n8n',
        body: CreateN8nKeyBody,
        response: { 201: CreatedN8nKey, 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError },
      },
    },
    async (request, reply) => {
      const created = await n8n.createKey(request.viewer, request.body.label, originOf(request, publicUrl));
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );
  app.delete(
    '/api/n8n/keys/:id',
    {
      schema: {
        tags,
        security: signedInSecurity,
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      await n8n.revokeKey(request.viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
