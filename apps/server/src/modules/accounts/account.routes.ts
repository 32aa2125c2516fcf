import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@flowbay/domain';
import type { Env } from '../../env.ts';
import { asUploadedFile } from '../../infra/http/security-headers.ts';
import { contractRoutes } from '../../lib/contract-routes.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import type { AccountService } from './account.service.ts';
import { toOwnProfile } from '../profiles/index.ts';
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
  await root.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });
  const route = contractRoutes(root, { tags: ['profiles'], access: 'signed-in', errors: [401, 403] });

  route('POST /api/profile/me/avatar', {
    summary: 'Upload an avatar (JPEG/PNG/WebP, checked by its bytes, cropped square, stored as WebP)',
    consumes: ['multipart/form-data'],
    errors: [400, 401, 403, 413, 415],
    config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    handler: async (request) => {
      requireUser(request.viewer);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
      let buffer: Buffer | null = null;
      try {
        const part = await request.file();
        if (part && part.fieldname === 'file') buffer = await part.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', 'File too large', 'file');
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw invalid('file', 'Send exactly one file, in the "file" field');
        throw error;
      }
      if (!buffer) throw invalid('file', 'Send exactly one file, in the "file" field');
      return toOwnProfile(await account.setAvatar(request.viewer, buffer));
    },
  });

  route('DELETE /api/profile/me/avatar', {
    summary: 'Remove the avatar',
    handler: async (request) => toOwnProfile(await account.removeAvatar(request.viewer)),
  });

  route('POST /api/profile/me/export', {
    summary:
      'Export my data: a zip (JSON of everything Flowbay keeps about me, and my uploaded files) prepared in the background; the link is e-mailed and expires',
    status: 202,
    errors: [401, 403, 429],
    config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
    handler: (request) => account.requestExport(request.viewer),
  });

  route('GET /api/profile/me/exports/:id', {
    summary: 'Download a data export (its owner, signed in, with the e-mailed token, until it expires)',
    params: z.object({ id: z.uuid() }),
    querystring: z.object({ token: z.string().min(1).max(200) }),
    errors: [401, 403, 404, 410],
    handler: async (request, reply) => {
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
  });

  route('POST /api/profile/me/delete-link', {
    summary: 'For an account without a password (Google): e-mail a link that confirms deleting it',
    status: 202,
    errors: [401, 403, 429],
    config: { rateLimit: { max: 3, timeWindow: '15 minutes' } },
    handler: (request) => account.requestDeletionLink(request.viewer),
  });

  route('POST /api/profile/me/delete', {
    summary:
      'Delete my account, confirmed by the password (or the e-mailed token): signs out everywhere, removes personal data, unlists my workflows; buyers keep what they paid for',
    status: 204,
    errors: [400, 401, 403, 404, 429],
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    handler: async (request, reply) => {
      await account.deleteAccount(request.viewer, request.body);
      const secure = env.PUBLIC_URL.startsWith('https://');
      const cleared = SESSION_COOKIES.map(
        (name) =>
          `${secure ? '__Secure-' : ''}${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      reply.header('set-cookie', cleared);
      return null;
    },
  });
}
