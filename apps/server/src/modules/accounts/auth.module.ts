import type { Auth } from '../../infra/auth/index.ts';
import { createAuth } from '../../infra/auth/index.ts';
import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { queueMail } from '../../infra/jobs/mail.ts';
import { defineModule, route } from '../../lib/modules.ts';
import { authRoutes } from './auth.routes.ts';
import { PASSWORD_RESET_JOB, passwordResetJob } from './password-reset.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { createSignInThrottleRepository } from './sign-in-throttle.repository.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** Better Auth: sessions, sign-in and sign-up, password resets (the viewer is resolved with it). */
    auth: Auth;
  }
}

/** Signing up, in and out, password resets: Better Auth behind the house's throttle and checks. */
export const authModule = defineModule({
  name: 'auth',
  needs: ['env', 'db', 'log', 'rate', 'clock', 'jobs', 'events', 'libraryKeys', 'privacy'],
  provides: ['auth'],
  build: ({ env, db, log, rate, clock, jobs, events, libraryKeys }) => ({
    auth: createAuth({
      env,
      db,
      log,
      rate,
      onPasswordChanged: (userId) => libraryKeys.revokeAll(userId),
      onUserChanged: (userId) => events.emit(null, 'profile.changed', { userId }),
      sendLater: (message) => queueMail(jobs, message),
    }),
    signInThrottle: createSignInThrottle({
      repository: createSignInThrottleRepository(db),
      rate,
      secret: resolveAuthSecret(env),
      secureCookies: env.PUBLIC_URL.startsWith('https://'),
      now: () => clock().getTime(),
    }),
  }),
  routes: ({ auth, env, rate, signInThrottle, jobs, privacy }) => [
    route(authRoutes, { auth, env, rate, signInThrottle, queue: jobs, privacy }),
  ],
  jobs: ({ auth }) => ({ [PASSWORD_RESET_JOB]: passwordResetJob(auth) }),
});
