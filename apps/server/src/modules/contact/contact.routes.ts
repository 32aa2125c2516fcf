import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '@flowbay/domain';
import { ContactInput, ContactReceipt } from '@flowbay/domain/contact';
import type { ContactService } from './contact.service.ts';

export async function contactRoutes(root: FastifyInstance, { contact }: { contact: ContactService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['support'],
        summary: 'Send a message to support (stored, then e-mailed to SUPPORT_EMAIL)',
        body: ContactInput,
        response: { 201: ContactReceipt, 400: ApiError, 429: ApiError },
      },
      // Open to visitors, so keep it from becoming a spam relay.
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => reply.status(201).send(await contact.submit(request.body, request.viewer)),
  );
}
