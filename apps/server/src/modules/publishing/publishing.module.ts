import { defineModule, route } from '../../lib/modules.ts';
import {
  createChecksRecompute,
  recomputeAtStart,
  recomputeJob,
  RECOMPUTE_CHECKS_JOB,
} from './checks-recompute.ts';
import { publishingRoutes } from './publishing.routes.ts';
import { createPublishingService } from './publishing.service.ts';

/**
 * What authors do: create, edit, delete workflows and add versions; and, from the start of each
 * server (not in tests), the job that brings stored versions' checks up to the node catalogue.
 */
export const publishingModule = defineModule({
  name: 'publishing',
  needs: ['workflows', 'uploads', 'catalog', 'events', 'storage', 'exportCheck', 'jobs', 'env'],
  provides: [],
  build: ({ workflows, uploads, catalog, events, storage, exportCheck }) => ({
    publishing: createPublishingService({ workflows, uploads, catalog, events, storage }),
    checksRecompute: createChecksRecompute({ workflows, storage, exportCheck }),
  }),
  routes: ({ publishing, jobs, env }) => [
    route(publishingRoutes, { publishing }),
    env.NODE_ENV !== 'test' && route(recomputeAtStart, { jobs }),
  ],
  jobs: ({ checksRecompute, jobs }) => ({ [RECOMPUTE_CHECKS_JOB]: recomputeJob(checksRecompute, jobs) }),
});
