import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { defineModule, route } from '../../lib/modules.ts';
import { registerNotificationsListeners } from './notifications.listeners.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes, unsubscribeRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';
import { unsubscribeTokens } from './unsubscribe-token.ts';

/**
 * Notifications (in the app and by e-mail) of sales, new versions of owned workflows and new
 * listings of followed authors; each kind can be switched off, and every such e-mail has a one-click
 * unsubscribe. Following authors lives here too: it exists for the notifications.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: ['db', 'jobs', 'clock', 'env', 'sales', 'privacy'],
  provides: [],
  build: ({ db, jobs, clock, env, sales, privacy }) => ({
    notifications: createNotificationsService({
      repository: createNotificationsRepository(db),
      queue: jobs,
      clock,
      publicUrl: env.PUBLIC_URL,
      tokens: unsubscribeTokens(resolveAuthSecret(env)),
      sales,
      privacy,
    }),
  }),
  routes: ({ notifications }) => [
    route(notificationsRoutes, { notifications }),
    route(unsubscribeRoutes, { notifications }),
  ],
  listeners: (events, { notifications }) => registerNotificationsListeners(events, notifications),
});
