import { defineModule, route } from '../../lib/modules.ts';
import { healthRoutes } from './health.routes.ts';

/** `/api/health`: whether the process and its database answer. */
export const healthModule = defineModule({
  name: 'health',
  needs: ['database'],
  provides: [],
  routes: ({ database }) => [route(healthRoutes, { database })],
});
