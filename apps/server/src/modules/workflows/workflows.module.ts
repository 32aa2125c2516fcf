import { defineModule } from '../../lib/modules.ts';
import { createWorkflowsRepository, type WorkflowsRepository } from './workflows.repository.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** The workflow aggregate's one repository (catalog, publishing and moderation write through it). */
    workflows: WorkflowsRepository;
  }
}

/** The workflow aggregate: no routes of its own; catalog, publishing and moderation serve it. */
export const workflowsModule = defineModule({
  name: 'workflows',
  needs: ['db'],
  provides: ['workflows'],
  build: ({ db }) => ({ workflows: createWorkflowsRepository(db) }),
});
