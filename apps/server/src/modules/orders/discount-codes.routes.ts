import type { FastifyInstance } from 'fastify';
import { DiscountCodeIdParams } from '@flowbay/domain';
import { contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import type { DiscountCodesService } from './discount-codes.service.ts';

/** A seller's discount codes: only their own (another seller's code is 404). */
export async function discountCodesRoutes(
  root: FastifyInstance,
  { discountCodes }: { discountCodes: DiscountCodesService },
) {
  const route = contractRoutes(root, {
    tags: ['sales'],
    access: 'signed-in',
    errors: SIGNED_IN_ERRORS,
    params: DiscountCodeIdParams.shape,
  });

  route('GET /api/me/discount-codes', {
    summary: "The caller's discount codes, newest first, with their uses",
    handler: (request) => discountCodes.list(request.viewer),
  });

  route('POST /api/me/discount-codes', {
    summary: 'Create a discount code (percent or fixed) for some or all of the caller’s workflows',
    status: 201,
    config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
    handler: (request) => discountCodes.create(request.viewer, request.body),
  });

  route('POST /api/me/discount-codes/:id/deactivate', {
    summary: 'Deactivate one of the caller’s discount codes',
    access: 'owner',
    handler: (request) => discountCodes.deactivate(request.viewer, request.params.id),
  });
}
