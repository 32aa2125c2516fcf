import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeletionRequest,
  ApiError,
  DataExportQueued,
  DeletionLinkSent,
  MAX_UPLOAD_BYTES,
  OwnProfile,
} from '@flowbay/domain';
import type { Env } from '../../env.ts';
import { asUploadedFile } from '../../infra/http/security-headers.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import type { AccountService } from './account.service.ts';
import { toOwnProfile } from '../profiles/index.ts';
import { signedInSecurity } from '../../plugins/openapi.ts';
const SESSION_COOKIES = [
  'better-auth.session_token',
  'better-auth.session_data',
  'better-auth.dont_remember',
];

/** Avatar upload, "export my data" and "delete my account" under /api/profile/me. */
export async function accountRoutes(
  root: FastifyInstance,
  { account, env }: { account: AccountService; env: Env },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/api/profile/me/avatar',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Upload an avatar (JPEG/PNG/WebP, checked by its bytes, cropped square, stored as WebP)',
        consumes: ['multipart/form-data'],
        security: signedInSecurity,
        response: {
          200: OwnProfile,
          400: ApiError,
          401: ApiError,
          403: ApiError,
          413: ApiError,
          415: ApiError,
        },
      },
      config: { invalidatesCatalogue: true, rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request) => {
      requireUser(request.viewer);
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
      let buffer: Buffer | null = null;
      try {
        const part = await request.file();
        if (part && part.fieldname === 'file') buffer = await part.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'FILE_TOO_LARGE', 'File too large', 'file');
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw invalid('file', 'Send exactly one file, in the "file" field');
        throw error;
      }
      if (!buffer) throw invalid('file', 'Send exactly one file, in the "file" field');
      return toOwnProfile(await account.setAvatar(request.viewer, buffer));
    },
  );

  app.delete(
    '/api/profile/me/avatar',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Remove the avatar',
        security: signedInSecurity,
        response: { 200: OwnProfile, 401: ApiError, 403: ApiError },
      },
      config: { invalidatesCatalogue: true },
    },
    async (request) => toOwnProfile(await account.removeAvatar(request.viewer)),
  );

  app.post(
    '/api/profile/me/export',
    {
      schema: {
        tags: ['profiles'],
        summary:
          'Export my data: a zip (JSON of everything Flowbay keeps about me, and my uploaded files) prepared in the background; the link is e-mailed and expires',
        security: signedInSecurity,
        response: { 202: DataExportQueued, 401: ApiError, 403: ApiError, 429: ApiError },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
    },
    async (request, reply) => reply.status(202).send(await account.requestExport(request.viewer)),
  );

  app.get(
    '/api/profile/me/exports/:id',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Download a data export (its owner, signed in, with the e-mailed token, until it expires)',
        security: signedInSecurity,
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: { 401: ApiError, 403: ApiError, 404: ApiError, 410: ApiError },
      },
    },
    async (request, reply) => {
      const { body, fileName } = await account.downloadExport(
        request.viewer,
        request.params.id,
        request.query.token,
      );
      return asUploadedFile(reply)
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.post(
    '/api/profile/me/delete-link',
    {
      schema: {
        tags: ['profiles'],
        summary: 'For an account without a password (Google): e-mail a link that confirms deleting it',
        security: signedInSecurity,
        response: { 202: DeletionLinkSent, 401: ApiError, 403: ApiError, 429: ApiError },
      },
      config: { rateLimit: { max: 3, timeWindow: '15 minutes' } },
    },
    async (request, reply) => reply.status(202).send(await account.requestDeletionLink(request.viewer)),
  );

  app.post(
    '/api/profile/me/delete',
    {
      schema: {
        tags: ['profiles'],
        summary:
          'Delete my account, confirmed by the password (or the e-mailed token): signs out everywhere, removes personal data, unlists my workflows; buyers keep what they paid for',
        security: signedInSecurity,
        body: AccountDeletionRequest,
        response: {
          204: z.null(),
          400: ApiError,
          401: ApiError,
          403: ApiError,
          404: ApiError,
          429: ApiError,
        },
      },
      config: { invalidatesCatalogue: true, rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await account.deleteAccount(request.viewer, request.body);
      const secure = env.PUBLIC_URL.startsWith('https://');
      const cleared = SESSION_COOKIES.map(
        (name) =>
          `${secure ? '__Secure-' : ''}${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      return reply.status(204).header('set-cookie', cleared).send(null);
    },
  );
}
