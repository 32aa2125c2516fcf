import { defineModule, route } from '../../lib/modules.ts';
import { healthRoutes } from './health.routes.ts';

/** `/api/health`: the process answers (liveness); `/api/ready`: its database answers, migrated (readiness). */
export const healthModule = defineModule({
  name: 'health',
  needs: ['database'],
  provides: [],
  routes: ({ database }) => [route(healthRoutes, { database })],
});
