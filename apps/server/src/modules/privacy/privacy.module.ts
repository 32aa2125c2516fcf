import { defineModule, route } from '../../lib/modules.ts';
import { registerPrivacyListeners } from './privacy.listeners.ts';
import { createPrivacyRepository } from './privacy.repository.ts';
import { privacyRoutes } from './privacy.routes.ts';
import { createPrivacyService, type PrivacyService } from './privacy.service.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** Consent per purpose (`hasConsent`) and data-subject requests. */
    privacy: PrivacyService;
  }
}

/** Personal data: consent per purpose and the requests of data subjects (decision 0174). */
export const privacyModule = defineModule({
  name: 'privacy',
  needs: ['db', 'jobs', 'clock', 'env'],
  provides: ['privacy'],
  build: ({ db, jobs, clock, env }) => ({
    privacy: createPrivacyService({
      repository: createPrivacyRepository(db),
      queue: jobs,
      clock,
      publicUrl: env.PUBLIC_URL,
    }),
  }),
  routes: ({ privacy }) => [route(privacyRoutes, { privacy })],
  listeners: (events, { privacy }) => registerPrivacyListeners(events, privacy),
});
