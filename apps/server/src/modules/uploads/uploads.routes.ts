import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_FOLDERS, VALIDATION_KEYS } from '@flowbay/domain';
import { contractRoutes } from '../../lib/contract-routes.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import type { IncomingFile, UploadsService } from './uploads.service.ts';

const TRUE_VALUES = new Set(['1', 'true', 'yes', 'on']);

/** Errors @fastify/multipart raises while reading the body, in our error shape. */
function multipartError(error: unknown): AppError | null {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('FILE_TOO_LARGE', 'File too large', 'file');
  if (code === 'FST_FILES_LIMIT') return invalid('file', 'Send exactly one file');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return invalid('request', 'Too many form fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
  }
  return null;
}

export async function uploadsRoutes(root: FastifyInstance, { uploads }: { uploads: UploadsService }) {
  // Registered here only, so no other route accepts multipart bodies.
  await root.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 },
    throwFileSizeLimit: true,
  });

  contractRoutes(root, { tags: ['publishing'], access: 'signed-in' })('POST /api/uploads', {
    summary:
      'Upload a workflow file (checked, secret-scanned; redact=true stores a redacted copy) or a cover image (JPEG/PNG/WebP, with a WebP thumbnail)',
    consumes: ['multipart/form-data'],
    querystring: z.object({
      folder: z.enum(UPLOAD_FOLDERS).optional(),
      redact: z.string().max(8).optional(),
    }),
    status: 201,
    errors: [400, 401, 403, 413, 415],
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (request) => {
      requireUser(request.viewer);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
      const fields: Record<string, string> = {};
      let file: IncomingFile | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file)
              throw invalid('file', 'Send exactly one file, in the "file" field');
            file = { buffer: await part.toBuffer(), filename: part.filename ?? '' };
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        throw multipartError(error) ?? error;
      }
      const folder = fields.folder ?? request.query.folder;
      if (!folder || !(UPLOAD_FOLDERS as readonly string[]).includes(folder)) {
        throw invalid('folder', 'validation.uploadFolder', { messageKey: VALIDATION_KEYS.uploadFolder });
      }
      if (!file)
        throw invalid('file', 'validation.fileRequired', { messageKey: VALIDATION_KEYS.fileRequired });
      const redact = TRUE_VALUES.has((fields.redact ?? request.query.redact ?? '').toLowerCase());
      const result = await uploads.upload(request.viewer, folder as (typeof UPLOAD_FOLDERS)[number], file, {
        redact,
      });
      return result;
    },
  });
}
