import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAX_UPLOAD_BYTES,
  SCREENSHOT_CAPTION_MAX,
  VALIDATION_KEYS,
  WorkflowRefParams,
} from '@flowbay/domain';
import { AppError, invalid } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import type { Viewer } from '../../infra/request-viewer.ts';
import type { PublishingService } from './publishing.service.ts';

export async function publishingRoutes(
  root: FastifyInstance,
  { publishing }: { publishing: PublishingService },
) {
  const route = contractRoutes(root, {
    tags: ['publishing'],
    access: 'owner',
    errors: SIGNED_IN_ERRORS,
    params: WorkflowRefParams.shape,
  });

  route('POST /api/workflows', {
    summary:
      'Create a workflow from an uploaded file; it waits for review (pending) and the public cannot see it',
    access: 'signed-in',
    status: 201,
    handler: (request) => publishing.create(request.viewer, request.body, requestLanguage(request.headers)),
  });

  route('PUT /api/workflows/:id', {
    summary:
      'Edit a workflow (author or admin). A listed workflow keeps its approved content until the edit is approved',
    handler: (request) =>
      publishing.update(request.viewer, request.params.id, request.body, requestLanguage(request.headers)),
  });

  route('DELETE /api/workflows/:id', {
    summary: 'Delete a workflow (author or admin). Buyers keep access to what they bought',
    handler: (request) => publishing.remove(request.viewer, request.params.id),
  });

  route('POST /api/workflows/:id/versions', {
    summary: 'Add a version from an uploaded file (unique per workflow); it waits for review',
    status: 201,
    handler: (request) =>
      publishing.addVersion(
        request.viewer,
        request.params.id,
        request.body,
        requestLanguage(request.headers),
      ),
  });

  /** The separate link endpoints: link every pair, then answer the links as sent. */
  const linkAll =
    <L extends { workflow_id: string }>(kind: 'categoryIds' | 'subcategoryIds', idOf: (link: L) => string) =>
    async (request: { viewer: Viewer; body: L[] }) => {
      const items = request.body.map((link) => ({ workflow_id: link.workflow_id, id: idOf(link) }));
      await publishing.link(request.viewer, kind, items);
      return request.body;
    };

  route('POST /api/workflow-categories', {
    summary: 'Link platforms to workflows; POST /api/workflows can do it in the same transaction',
    status: 201,
    handler: linkAll('categoryIds', (link) => link.category_id),
  });

  route('POST /api/workflow-subcategories', {
    summary: 'Link use cases to workflows',
    status: 201,
    handler: linkAll('subcategoryIds', (link) => link.subcategory_id),
  });

  route('GET /api/workflows/:id/screenshots', {
    summary:
      "The listing's screenshots as its author or an admin sees them (the list waiting for review, if any)",
    handler: (request) =>
      publishing.screenshots(request.viewer, request.params.id, requestLanguage(request.headers)),
  });

  route('PUT /api/workflows/:id/screenshots', {
    summary:
      'Reorder, caption or remove screenshots (the list in its new order); a listed workflow queues it for review',
    handler: (request) =>
      publishing.arrangeScreenshots(
        request.viewer,
        request.params.id,
        request.body,
        requestLanguage(request.headers),
      ),
  });

  // Multipart is accepted by this one route only (its own scope), like POST /api/uploads.
  await root.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 3, fieldSize: 1024, parts: 4 },
      throwFileSizeLimit: true,
    });
    contractRoutes(scope, {
      tags: ['publishing'],
      access: 'owner',
      errors: SIGNED_IN_ERRORS,
      params: WorkflowRefParams.shape,
    })('POST /api/workflows/:id/screenshots', {
      summary:
        'Add a screenshot (multipart `file`: JPEG, PNG or WebP, optional `caption` and `caption_translation`), stored as WebP at most 1600 px wide; at most 8',
      consumes: ['multipart/form-data'],
      status: 201,
      errors: [400, 401, 403, 404, 409, 413, 415],
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      handler: async (request) => {
        // Who may add is known before the body is read (anonymous 401, another user 403/404).
        await publishing.assertManages(request.viewer, request.params.id);
        const upload = await readScreenshot(request);
        return publishing.addScreenshot(
          request.viewer,
          request.params.id,
          upload,
          requestLanguage(request.headers),
        );
      },
    });
  });

  route('GET /api/me/workflows', {
    summary: "The caller's workflows in every status, with review decisions, reasons and pending changes",
    access: 'signed-in',
    errors: [401, 403],
    handler: (request) =>
      publishing.mine(request.viewer, request.query.page, requestLanguage(request.headers)),
  });
}

/**
 * The screenshot form: one `file`, an optional `caption` and its translation (`caption_translation`),
 * with multipart's errors in our shape.
 */
async function readScreenshot(
  request: FastifyRequest,
): Promise<{ buffer: Buffer; caption: string; captionTranslation: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
  let buffer: Buffer | null = null;
  let caption = '';
  let captionTranslation = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || buffer)
          throw invalid('file', 'Send exactly one file, in the "file" field');
        buffer = await part.toBuffer();
      } else if (part.fieldname === 'caption') {
        caption = String(part.value).trim();
      } else if (part.fieldname === 'caption_translation') {
        captionTranslation = String(part.value).trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', 'File too large', 'file');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw invalid('file', 'Send one file and at most a caption in each language');
    throw error;
  }
  if (!buffer) throw invalid('file', 'validation.fileRequired', { messageKey: VALIDATION_KEYS.fileRequired });
  if (caption.length > SCREENSHOT_CAPTION_MAX)
    throw invalid('caption', 'validation.captionMax', { messageKey: VALIDATION_KEYS.captionMax });
  if (captionTranslation.length > SCREENSHOT_CAPTION_MAX)
    throw invalid('caption_translation', 'validation.captionMax', { messageKey: VALIDATION_KEYS.captionMax });
  return { buffer, caption, captionTranslation };
}
