import { defineModule, route } from '../../lib/modules.ts';
import { registerPolicyCheckListeners } from './policy-check.listeners.ts';
import { createPolicyModel } from './policy-check.provider.ts';
import { createPolicyCheckRepository } from './policy-check.repository.ts';
import { policyCheckRoutes } from './policy-check.routes.ts';
import { createPolicyCheckService, type PolicyCheckService } from './policy-check.service.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** The optional policy check of listing texts by a language model (off unless MODERATION_URL is set). */
    policyCheck: PolicyCheckService;
  }
}

/** The language model's verdict on listing texts, asked after each change (decision 0166). */
export const policyCheckModule = defineModule({
  name: 'policy-check',
  needs: ['db', 'env', 'log', 'clock'],
  provides: ['policyCheck'],
  build: ({ db, env, log, clock }) => ({
    policyCheck: createPolicyCheckService({
      repository: createPolicyCheckRepository(db),
      model: createPolicyModel(env),
      clock,
      log,
    }),
  }),
  routes: ({ policyCheck }) => [route(policyCheckRoutes, { policyCheck })],
  listeners: (events, { policyCheck }) => registerPolicyCheckListeners(events, policyCheck),
});
