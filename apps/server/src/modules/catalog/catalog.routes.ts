import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { WorkflowCard, WorkflowList, WorkflowRefParams } from '@flowbay/domain';
import { asUploadedFile } from '../../infra/http/security-headers.ts';
import { contractRoutes } from '../../lib/contract-routes.ts';
import { requestLanguage } from '../../lib/messages.ts';
import type { DownloadLimit } from '../../lib/download-limit.ts';
import type { TtlCache } from '../../lib/response-cache.ts';
import type { CatalogService, ListPage } from './catalog.service.ts';

function contentDisposition(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** An anonymous visitor is their address and browser (hashed before it is stored). */
const visitorKey = (request: FastifyRequest) => `${request.ip}|${request.headers['user-agent'] ?? ''}`;

const JSON_TYPE = 'application/json; charset=utf-8';
const ListEnvelope = WorkflowList.omit({ workflows: true });

const OPEN_CARDS = Buffer.from('{"workflows":[');
const COMMA = Buffer.from(',');

/**
 * A catalogue page as UTF-8 JSON, checked against WorkflowList. Cards that come as the card cache's
 * bytes (checked and encoded once, when cached) are joined as they are: a search answer then costs no
 * schema pass and no encoding per card, and its length is known without scanning the text.
 */
function serializeList({ workflows, ...envelope }: ListPage): Buffer {
  const parts: Buffer[] = [OPEN_CARDS];
  workflows.forEach((card, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(Buffer.isBuffer(card) ? card : Buffer.from(JSON.stringify(WorkflowCard.parse(card))));
  });
  parts.push(Buffer.from(`],${JSON.stringify(ListEnvelope.parse(envelope)).slice(1)}`));
  return Buffer.concat(parts);
}

/** The prepared encoding a client takes (brotli first, as the compression plugin prefers), if any. */
function preparedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  if (request.headers['x-no-compression'] !== undefined) return null;
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, quality]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/**
 * A workflow file as a download, never cached on the way. A client that takes brotli or gzip gets
 * the file compressed once when it was prepared (the compression plugin leaves an encoded answer alone).
 */
function sendWorkflowFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { fileName: string; body: Buffer; encoded: { br: Buffer; gzip: Buffer } },
) {
  const encoding = preparedEncoding(request);
  asUploadedFile(reply, contentDisposition(file.fileName))
    .type('application/json; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding');
  if (!encoding) return reply.send(file.body as never);
  return reply.header('content-encoding', encoding).send(file.encoded[encoding] as never);
}

export async function catalogRoutes(
  root: FastifyInstance,
  {
    catalog,
    listCache,
    limitDownloads,
  }: { catalog: CatalogService; listCache: TtlCache<Buffer>; limitDownloads: DownloadLimit },
) {
  const route = contractRoutes(root, {
    tags: ['catalogue'],
    access: {
      kind: 'public',
      reason: 'the catalogue is public: each answer holds only what the caller may see',
    },
    errors: [400, 401, 403, 404],
    params: {
      id: WorkflowRefParams.shape.id,
      userId: z.string().min(1).max(64),
      versionId: z.string().min(1).max(64),
    },
  });

  route('GET /api/workflows', {
    summary: 'List workflows: search, filter, sort and page (page is zero-based, 12 a page)',
    errors: [400, 401],
    handler: async (request, reply) => {
      // Anonymous catalogue pages are the same for everyone: serve them from the short-lived cache.
      const cacheable = request.viewer.kind === 'anonymous' && !request.query.user_id;
      // Cards are in the caller's language (docs/decisions/0173): one cached page per language.
      const language = requestLanguage(request.headers);
      const cacheKey = `${language} ${request.url}`;
      const cached = cacheable ? listCache.get(cacheKey) : undefined;
      // The JSON bytes are sent as they are; they were checked against WorkflowList when they were made.
      if (cached)
        return reply
          .type(JSON_TYPE)
          .header('x-cache', 'hit')
          .send(cached as never);
      const body = serializeList(await catalog.listPage(request.query, request.viewer, language));
      if (cacheable) listCache.set(cacheKey, body);
      return reply
        .type(JSON_TYPE)
        .header('x-cache', 'miss')
        .send(body as never);
    },
  });

  route('GET /api/workflows/:id', {
    summary: 'One workflow by id, number or bare slug',
    handler: (request) => catalog.get(request.params.id, request.viewer, requestLanguage(request.headers)),
  });

  route('GET /api/workflows/:id/related', {
    summary: "Listed workflows sharing this one's apps or use cases, and more from its author",
    handler: (request) =>
      catalog.related(request.params.id, request.viewer, requestLanguage(request.headers)),
  });

  route('GET /api/workflows/:id/structure', {
    summary:
      "The workflow's structure for its preview: node types, positions and connections, never settings or node names",
    handler: (request) => catalog.structure(request.params.id, request.viewer),
  });

  route('GET /api/workflows/:id/versions', {
    handler: (request) =>
      catalog.versions(request.params.id, request.viewer, requestLanguage(request.headers)),
  });

  route('POST /api/workflows/:id/views', {
    summary: 'Record a view (counted once per visitor, workflow and day)',
    access: { kind: 'public', reason: 'anonymous visitors count as views (once per visitor and day)' },
    handler: (request) => catalog.recordView(request.params.id, request.viewer, visitorKey(request)),
  });

  route('GET /api/workflow-categories', {
    querystring: z.object({ workflow_id: z.string().min(1).max(64) }),
    handler: (request) => catalog.categoriesOf(request.query.workflow_id, request.viewer),
  });

  route('GET /api/author-stats/:userId', {
    tags: ['profiles'],
    errors: [400],
    handler: (request) => catalog.authorStats(request.params.userId),
  });

  route('GET /api/workflows/:id/download', {
    tags: ['downloads'],
    summary:
      "The current version's file: free workflows for anyone, paid ones for the author, admins and buyers",
    errors: [400, 401, 403, 404, 429],
    handler: async (request, reply) => {
      await limitDownloads(request, reply);
      return sendWorkflowFile(
        request,
        reply,
        await catalog.download(
          request.params.id,
          request.viewer,
          visitorKey(request),
          undefined,
          request.query.preview ? 'preview' : 'file',
        ),
      );
    },
  });

  route('GET /api/workflows/:id/versions/:versionId/download', {
    tags: ['downloads'],
    errors: [400, 401, 403, 404, 429],
    handler: async (request, reply) => {
      await limitDownloads(request, reply);
      const { id, versionId } = request.params;
      return sendWorkflowFile(
        request,
        reply,
        await catalog.download(
          id,
          request.viewer,
          visitorKey(request),
          versionId,
          request.query.preview ? 'preview' : 'file',
        ),
      );
    },
  });

  route('POST /api/workflows/:id/taken', {
    tags: ['downloads'],
    summary:
      'Record a take of the file the page holds from its preview (Copy JSON, Download JSON): counted like a download',
    errors: [400, 401, 403, 404, 429],
    handler: async (request, reply) => {
      await limitDownloads(request, reply);
      return catalog.recordTaken(request.params.id, request.viewer, visitorKey(request), {
        kind: request.body.kind,
        versionId: request.body.version_id,
      });
    },
  });
}
