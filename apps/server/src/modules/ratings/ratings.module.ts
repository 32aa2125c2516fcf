import { REVIEW_REMINDER_JOB } from '../../infra/jobs/review-reminder.ts';
import { defineModule, route } from '../../lib/modules.ts';
import { registerRatingsListeners } from './ratings.listeners.ts';
import { createRatingsRepository } from './ratings.repository.ts';
import { ratingsRoutes } from './ratings.routes.ts';
import { createRatingsService, type RatingsService } from './ratings.service.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** Buyers' reviews and the authors' replies. */
    ratings: RatingsService;
  }
}

/** Reviews, replies and reports on them; the reminder a buyer gets after a purchase. */
export const ratingsModule = defineModule({
  name: 'ratings',
  needs: ['db', 'catalog', 'events', 'mailer', 'env', 'clock', 'jobs'],
  provides: ['ratings'],
  build: ({ db, catalog, events, mailer, env, clock }) => ({
    ratings: createRatingsService({
      repository: createRatingsRepository(db),
      catalog,
      events,
      mailer,
      publicUrl: env.PUBLIC_URL,
      clock,
    }),
  }),
  routes: ({ ratings }) => [route(ratingsRoutes, { ratings })],
  jobs: ({ ratings }) => ({
    [REVIEW_REMINDER_JOB]: (payload) => ratings.sendReminder(String(payload.orderId)),
  }),
  listeners: (events, { jobs }) => registerRatingsListeners(events, { queue: jobs }),
});
