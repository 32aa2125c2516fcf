import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { ContactService } from './contact.service.ts';

export async function contactRoutes(root: FastifyInstance, { contact }: { contact: ContactService }) {
  contractRoutes(root, {
    tags: ['support'],
    access: { kind: 'public', reason: 'the contact page shows visitors where their message goes' },
  })('GET /api/contact-address', {
    summary: 'The address the contact form sends to (SUPPORT_EMAIL)',
    handler: () => contact.channels(),
  });
  contractRoutes(root, {
    tags: ['support'],
    access: { kind: 'public', reason: 'the contact form is for visitors too (rate-limited per address)' },
  })('POST /api/contact', {
    summary: 'Send a message to support (stored, then e-mailed to SUPPORT_EMAIL)',
    status: 201,
    errors: [400, 429],
    // Open to visitors, so keep it from becoming a spam relay.
    config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    handler: (request) => contact.submit(request.body, request.viewer),
  });
}
