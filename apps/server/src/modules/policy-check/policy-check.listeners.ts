import type { Events } from '../../infra/events/events.ts';
import type { PolicyCheckService } from './policy-check.service.ts';

/** Tries before a version rests as "not checked": about 3.5 minutes with the queue's backoff. */
const ATTEMPTS = 4;

/**
 * A listing created or edited, or a new version uploaded, states `workflow.changed`; after it
 * commits, the model reads what changed (never inside the request). Only registered while the check
 * is on, so with it off no job is queued and nothing is sent.
 */
export function registerPolicyCheckListeners(
  events: Pick<Events, 'on'>,
  policyCheck: Pick<PolicyCheckService, 'enabled' | 'checkWorkflow'>,
) {
  if (!policyCheck.enabled()) return;
  events.on(
    'workflow.changed',
    'policy-check.review',
    ({ workflowId }) => policyCheck.checkWorkflow(workflowId),
    {
      maxAttempts: ATTEMPTS,
    },
  );
}
