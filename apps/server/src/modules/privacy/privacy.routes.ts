import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminRoutes, contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import { requestLanguage } from '../../lib/messages.ts';
import type { PrivacyService } from './privacy.service.ts';

export async function privacyRoutes(root: FastifyInstance, { privacy }: { privacy: PrivacyService }) {
  const route = contractRoutes(root, { tags: ['privacy'], access: 'signed-in', errors: SIGNED_IN_ERRORS });
  const admin = adminRoutes(root, { id: z.string().uuid() });

  route('GET /api/me/consents', {
    summary: 'The caller’s consent for each optional purpose (no answer is no consent)',
    handler: (request) => privacy.consents(request.viewer),
  });
  route('PUT /api/me/consents', {
    summary: 'Grant or withdraw the consent for one purpose (recorded with the wording’s version)',
    handler: (request) => privacy.setConsent(request.viewer, request.body, requestLanguage(request.headers)),
  });
  route('GET /api/me/privacy-requests', {
    summary: 'The caller’s data requests, with their status and answer',
    handler: (request) => privacy.ownRequests(request.viewer),
  });
  route('POST /api/me/privacy-requests', {
    summary: 'Ask for a correction, a restriction or an objection (answered within 72 hours)',
    status: 201,
    config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    handler: (request) =>
      privacy.createRequest(request.viewer, request.body, requestLanguage(request.headers)),
  });
  admin('GET /api/admin/privacy-requests', {
    summary: 'Data requests: overdue first, then by due date',
    errors: [401, 403],
    handler: (request) => privacy.queue(request.viewer, request.query.status),
  });
  admin('POST /api/admin/privacy-requests/:id/answer', {
    summary: 'Answer a data request (done or refused); the answer is e-mailed in the requester’s language',
    handler: (request) => privacy.answer(request.viewer, request.params.id, request.body),
  });
}
