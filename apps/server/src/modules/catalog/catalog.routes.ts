import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  AuthorStats,
  ListWorkflowsQuery,
  RelatedWorkflows,
  ViewCount,
  WorkflowCard,
  WorkflowCategoryLink,
  WorkflowDetail,
  WorkflowList,
  WorkflowVersion,
} from '@flowbay/domain';
import { asUploadedFile } from '../../infra/http/security-headers.ts';
import type { TtlCache } from '../../lib/response-cache.ts';
import type { CatalogService } from './catalog.service.ts';

const WorkflowRef = z.object({ id: z.string().min(1).max(200) });
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

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
 * A list as UTF-8 JSON, checked against WorkflowList. Cards the catalogue's card cache already checked
 * and encoded (`knownJson`) are reused as they are: a search answer then costs no schema pass and no
 * encoding per card, and its length is known without scanning the text.
 */
function serializeList(
  { workflows, ...envelope }: WorkflowList,
  knownJson: (card: WorkflowCard) => Buffer | undefined,
): Buffer {
  const parts: Buffer[] = [OPEN_CARDS];
  workflows.forEach((card, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(knownJson(card) ?? Buffer.from(JSON.stringify(WorkflowCard.parse(card))));
  });
  parts.push(Buffer.from(`],${JSON.stringify(ListEnvelope.parse(envelope)).slice(1)}`));
  return Buffer.concat(parts);
}

export async function catalogRoutes(
  root: FastifyInstance,
  { catalog, listCache }: { catalog: CatalogService; listCache: TtlCache<Buffer> },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/workflows',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'List workflows: search, filter, sort and page (page is zero-based, 12 a page)',
        querystring: ListWorkflowsQuery,
        response: { 200: WorkflowList, 400: ApiError, 401: ApiError },
      },
    },
    async (request, reply) => {
      // Anonymous catalogue pages are the same for everyone: serve them from the short-lived cache.
      const cacheable = request.viewer.kind === 'anonymous' && !request.query.user_id;
      const cached = cacheable ? listCache.get(request.url) : undefined;
      // The JSON bytes are sent as they are; they were checked against WorkflowList when they were made.
      if (cached)
        return reply
          .type(JSON_TYPE)
          .header('x-cache', 'hit')
          .send(cached as never);
      const body = serializeList(await catalog.list(request.query, request.viewer), catalog.cardJson);
      if (cacheable) listCache.set(request.url, body);
      return reply
        .type(JSON_TYPE)
        .header('x-cache', 'miss')
        .send(body as never);
    },
  );

  app.get(
    '/api/workflows/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One workflow by id, number or bare slug',
        params: WorkflowRef,
        response: { 200: WorkflowDetail, ...errors },
      },
    },
    (request) => catalog.get(request.params.id, request.viewer),
  );

  app.get(
    '/api/workflows/:id/related',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Listed workflows sharing this one's apps or use cases, and more from its author",
        params: WorkflowRef,
        response: { 200: RelatedWorkflows, ...errors },
      },
    },
    (request) => catalog.related(request.params.id, request.viewer),
  );

  app.get(
    '/api/workflows/:id/versions',
    {
      schema: {
        tags: ['catalogue'],
        params: WorkflowRef,
        response: { 200: z.array(WorkflowVersion), ...errors },
      },
    },
    (request) => catalog.versions(request.params.id, request.viewer),
  );

  app.post(
    '/api/workflows/:id/views',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Record a view (counted once per visitor, workflow and day)',
        params: WorkflowRef,
        response: { 200: ViewCount, ...errors },
      },
    },
    (request) => catalog.recordView(request.params.id, request.viewer, visitorKey(request)),
  );

  app.get(
    '/api/workflow-categories',
    {
      schema: {
        tags: ['catalogue'],
        querystring: z.object({ workflow_id: z.string().min(1).max(64) }),
        response: { 200: z.array(WorkflowCategoryLink), ...errors },
      },
    },
    (request) => catalog.categoriesOf(request.query.workflow_id, request.viewer),
  );

  app.get(
    '/api/author-stats/:userId',
    {
      schema: {
        tags: ['profiles'],
        params: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: AuthorStats, 400: ApiError },
      },
    },
    (request) => catalog.authorStats(request.params.userId),
  );

  app.get(
    '/api/workflows/:id/download',
    {
      schema: {
        tags: ['downloads'],
        summary:
          "The current version's file: free workflows for anyone, paid ones for the author, admins and buyers",
        params: WorkflowRef,
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await catalog.download(request.params.id, request.viewer, visitorKey(request));
      return asUploadedFile(reply, contentDisposition(file.fileName))
        .type('application/json; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(file.body as never);
    },
  );

  app.get(
    '/api/workflows/:id/versions/:versionId/download',
    {
      schema: {
        tags: ['downloads'],
        params: WorkflowRef.extend({ versionId: z.string().min(1).max(64) }),
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await catalog.download(
        request.params.id,
        request.viewer,
        visitorKey(request),
        request.params.versionId,
      );
      return asUploadedFile(reply, contentDisposition(file.fileName))
        .type('application/json; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(file.body as never);
    },
  );
}
