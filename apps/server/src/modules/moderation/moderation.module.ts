import { defineModule, route } from '../../lib/modules.ts';
import { registerModerationListeners } from './moderation.listeners.ts';
import { createModerationRepository } from './moderation.repository.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { createModerationService } from './moderation.service.ts';

/** What admins do with uploads: the queue, approve, reject, unlist, reports; the author hears of it. */
export const moderationModule = defineModule({
  name: 'moderation',
  needs: ['db', 'workflows', 'storage', 'events', 'mailer', 'env', 'policyCheck'],
  provides: [],
  build: ({ db, workflows, storage, events, policyCheck }) => {
    const repository = createModerationRepository(db);
    return {
      repository,
      moderation: createModerationService({ repository, workflows, storage, events, policyCheck }),
    };
  },
  routes: ({ moderation }) => [route(moderationRoutes, { moderation })],
  listeners: (events, { repository, mailer, env }) =>
    registerModerationListeners(events, { repository, mailer, publicUrl: env.PUBLIC_URL }),
});
