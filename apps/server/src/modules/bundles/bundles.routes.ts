import type { FastifyInstance } from 'fastify';
import { BundleRefParams } from '@flowbay/domain';
import { contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import { requestLanguage } from '../../lib/messages.ts';
import type { BundlesService } from './bundles.service.ts';

export async function bundlesRoutes(root: FastifyInstance, { bundles }: { bundles: BundlesService }) {
  const route = contractRoutes(root, {
    tags: ['bundles'],
    access: 'owner',
    errors: SIGNED_IN_ERRORS,
    params: BundleRefParams.shape,
  });
  const open = {
    kind: 'public' as const,
    reason: 'bundles for sale are public; an unlisted one answers 404 to anyone but its seller and admins',
  };

  route('GET /api/bundles', {
    summary: "The catalogue's bundles for sale matching a search (title and description), newest first",
    access: open,
    errors: [400],
    handler: (request) => bundles.search(request.query),
  });

  route('GET /api/bundles/:id', {
    summary: 'One bundle by id or slug: its items, savings and what the signed-in caller would pay',
    access: open,
    errors: [400, 404],
    handler: (request) => bundles.get(request.viewer, request.params.id, requestLanguage(request.headers)),
  });

  route('GET /api/me/bundles', {
    summary: "The caller's own bundles, listed or not",
    access: 'signed-in',
    handler: (request) => bundles.listOwn(request.viewer),
  });

  route('POST /api/bundles', {
    summary: 'Group 2–20 of your own listed workflows at a bundle price (listed at once: no review)',
    access: 'signed-in',
    status: 201,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (request) =>
      bundles.create(request.viewer, request.body as Parameters<BundlesService['create']>[1]),
  });

  route('PATCH /api/bundles/:id', {
    summary: "Change a bundle's title, description, price, items or listing (its seller or an admin)",
    handler: (request) => bundles.update(request.viewer, request.params.id, request.body),
  });

  route('DELETE /api/bundles/:id', {
    summary: 'Delete a bundle (its seller or an admin); orders that bought it keep what they granted',
    handler: (request) => bundles.remove(request.viewer, request.params.id),
  });
}
