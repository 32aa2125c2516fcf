import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { N8nImportTemplate, N8nTemplateDetail, N8nTemplateIdParams, type Language } from '@flowbay/domain';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { DownloadLimit } from '../../lib/download-limit.ts';
import { messageFor, requestLanguage } from '../../lib/messages.ts';
import type { N8nService, TemplatesCaller } from './n8n.service.ts';

export interface N8nRoutesOptions {
  n8n: N8nService;
  /** PUBLIC_URL; without it, links are built from the request's own address. */
  publicUrl?: string;
}

export interface N8nTemplateRoutesOptions extends N8nRoutesOptions {
  /** Counts the workflows served (the two template routes) with downloads. */
  limitDownloads: DownloadLimit;
}

const KeyParams = z.object({ key: z.string().min(1).max(200) });
const tags = ['n8n templates'];

const TemplateHead = N8nTemplateDetail.omit({ workflow: true });
const ImportHead = N8nImportTemplate.omit({ workflow: true });
const OPEN_TEMPLATE = Buffer.from('{"workflow":');
const CLOSE = Buffer.from('}');

/**
 * `head` (checked and written by its schema, whose last field is `workflow`) with the workflow's
 * prepared JSON as its last field: the same bytes the response serializer would write, without
 * parsing and writing a large workflow again on every request.
 */
function withWorkflow(head: string, workflow: Buffer): Buffer[] {
  return [Buffer.from(`${head.slice(0, -1)},"workflow":`), workflow, CLOSE];
}

/** The parts as one JSON answer, written one after another (a large workflow is not copied again). */
function sendJson(reply: FastifyReply, parts: Buffer[]) {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  return reply
    .type('application/json; charset=utf-8')
    .header('content-length', length)
    .send(Readable.from(parts, { objectMode: false }));
}

function originOf(request: FastifyRequest, publicUrl?: string): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/**
 * n8n's templates API (docs/decisions/0050-n8n-templates-api.md). n8n's editor calls it from the
 * browser, cross-origin, with credentials and an `n8n-version` header, so every answer allows the
 * caller's origin and the preflight succeeds. Served under four prefixes: /n8n (English names), /n8n/vi,
 * and both under a personal library key (/n8n/k/{key}, /n8n/k/{key}/vi).
 */
export async function n8nTemplateRoutes(
  root: FastifyInstance,
  { n8n, publicUrl, limitDownloads }: N8nTemplateRoutesOptions,
) {
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
        const keyed = prefix.startsWith('/k/');
        const route = contractRoutes(scope, {
          tags,
          access: {
            kind: 'public',
            reason: 'n8n instances ask it; a library key in the path, if any, is the check',
          },
          errors: [400, 401, 404],
          mountedAt: '/n8n',
        });
        const params = keyed ? KeyParams : z.object({});
        const templateParams = params.extend(N8nTemplateIdParams.shape);
        const caller = (request: FastifyRequest): TemplatesCaller => ({
          language,
          publicUrl: originOf(request, publicUrl),
          ...(keyed ? { key: (request.params as { key: string }).key } : {}),
        });

        route('GET /n8n/health', {
          params,
          errors: [401],
          handler: (request) => n8n.health(caller(request)),
        });
        route('GET /n8n/templates/categories', {
          params,
          errors: [401],
          handler: (request) => n8n.categories(caller(request)),
        });
        route('GET /n8n/templates/search', {
          summary: 'Listed n8n workflows: page from 1, limit (or rows) up to 100, category names',
          params,
          handler: (request) => n8n.search(request.query, caller(request)),
        });
        route('GET /n8n/templates/collections', {
          summary: 'One collection per use case (category ids in category[])',
          params,
          handler: (request) => {
            const raw = request.query['category[]'] ?? request.query.category ?? [];
            const categoryIds = (Array.isArray(raw) ? raw : raw.split(','))
              .map((value) => Number(value))
              .filter((value) => Number.isInteger(value) && value > 0);
            return n8n.collections({ categoryIds, search: request.query.search }, caller(request));
          },
        });
        route('GET /n8n/templates/collections/:id', {
          params: templateParams,
          handler: (request) => n8n.collection(request.params.id, caller(request)),
        });
        /** A route that hands out a template's workflow: counted with downloads (429 past the limit). */
        const workflowDownload = (
          summary: string,
          answer: (id: number, templatesCaller: TemplatesCaller) => Promise<Buffer[]>,
        ) => ({
          summary,
          params: templateParams,
          errors: [400, 401, 404, 429] as const,
          handler: async (
            request: FastifyRequest<{ Params: z.output<typeof templateParams> }>,
            reply: FastifyReply,
          ) => {
            await limitDownloads(request, reply);
            return sendJson(reply, await answer(request.params.id, caller(request)));
          },
        });
        route(
          'GET /n8n/templates/workflows/:id',
          workflowDownload(
            "One template with its workflow (a paid one's is a note linking to its page)",
            async (id, templatesCaller) => {
              const { detail, workflow } = await n8n.template(id, templatesCaller);
              const answer = withWorkflow(JSON.stringify(TemplateHead.encode(detail)), workflow);
              return [OPEN_TEMPLATE, ...answer, CLOSE];
            },
          ),
        );
        route(
          'GET /n8n/workflows/templates/:id',
          workflowDownload('The flat shape n8n imports onto its canvas', async (id, templatesCaller) => {
            const { template, workflow } = await n8n.importTemplate(id, templatesCaller);
            return withWorkflow(JSON.stringify(ImportHead.encode(template)), workflow);
          }),
        );
      },
      { prefix },
    );
  }
}

/** Personal library keys of the signed-in user (the key itself is shown once, on creation). */
export async function n8nKeyRoutes(root: FastifyInstance, { n8n, publicUrl }: N8nRoutesOptions) {
  const route = contractRoutes(root, { tags, access: 'signed-in', errors: [400, 401, 403, 409] });

  route('GET /api/n8n/keys', { errors: [401, 403], handler: (request) => n8n.listKeys(request.viewer) });
  route('POST /api/n8n/keys', {
    summary: 'Create a personal library key; its templates host is N8N_TEMPLATES_HOST for your n8n',
    status: 201,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return n8n.createKey(request.viewer, request.body.label, originOf(request, publicUrl));
    },
  });
  route('DELETE /api/n8n/keys/:id', {
    access: 'owner',
    params: z.object({ id: z.uuid() }),
    status: 204,
    errors: [400, 401, 403, 404],
    handler: async (request) => {
      await n8n.revokeKey(request.viewer, request.params.id);
      return null;
    },
  });
}
