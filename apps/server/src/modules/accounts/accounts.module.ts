import { sealingKeys } from '../../infra/sealed-text.ts';
import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { defineModule, route } from '../../lib/modules.ts';
import { createAccountDeletionRepository } from './account-deletion.repository.ts';
import { createAccountExportRepository } from './account-export.repository.ts';
import { accountRoutes } from './account.routes.ts';
import { EXPORT_JOB, createAccountService } from './account.service.ts';
import { registerAccountsListeners } from './accounts.listeners.ts';

/** The own account: avatar, data export, deletion (and the goodbye e-mail). */
export const accountsModule = defineModule({
  name: 'accounts',
  needs: ['db', 'profiles', 'auth', 'storage', 'jobs', 'clock', 'env', 'events', 'log', 'privacy'],
  provides: [],
  build: ({ db, profiles, auth, storage, jobs, clock, env, events, log, privacy }) => ({
    account: createAccountService({
      repositories: {
        profiles,
        exports: createAccountExportRepository(db, sealingKeys(env, resolveAuthSecret(env))),
        deletion: createAccountDeletionRepository(db),
      },
      storage,
      queue: jobs,
      clock,
      publicUrl: env.PUBLIC_URL,
      events,
      verifyPassword: async (hash, password) => (await auth.$context).password.verify({ hash, password }),
      log,
      recordServed: (input) => privacy.recordServed(input),
    }),
  }),
  routes: ({ account, env }) => [route(accountRoutes, { account, env })],
  jobs: ({ account }) => ({ [EXPORT_JOB]: (payload) => account.buildExport(String(payload.userId)) }),
  listeners: (events, { jobs, env }) =>
    registerAccountsListeners(events, { queue: jobs, secret: resolveAuthSecret(env) }),
});
