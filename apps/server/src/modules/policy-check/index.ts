/** What other modules may use of the policy check (besides policy-check.service.ts). */
export type { PolicyCheckService, PolicyStatus } from './policy-check.service.ts';
export { NOT_CHECKED_DETAIL } from './policy-check.service.ts';
