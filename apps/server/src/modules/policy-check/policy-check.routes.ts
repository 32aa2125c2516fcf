import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { PolicyCheckService } from './policy-check.service.ts';

export async function policyCheckRoutes(
  root: FastifyInstance,
  { policyCheck }: { policyCheck: Pick<PolicyCheckService, 'status'> },
) {
  const route = contractRoutes(root, {
    tags: ['checks'],
    access: { kind: 'public', reason: 'the terms and FAQ say whether the checks are AI-assisted' },
  });

  route('GET /api/checks', {
    summary: 'What the automated checks are: whether a language model takes part (MODERATION_URL)',
    handler: () => policyCheck.status(),
  });
}
