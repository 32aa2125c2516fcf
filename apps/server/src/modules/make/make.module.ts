import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { sealingKeys } from '../../infra/sealed-text.ts';
import { defineModule, route } from '../../lib/modules.ts';
import { createMakeApi } from './make-api.ts';
import { createMakeRepository } from './make.repository.ts';
import { makeRoutes } from './make.routes.ts';
import { createMakeService } from './make.service.ts';

/** Saved Make connections and "Send to Make": a Make listing becomes a scenario in the user's team. */
export const makeModule = defineModule({
  name: 'make',
  needs: ['db', 'env', 'catalog', 'limitDownloads'],
  provides: [],
  build: ({ db, env, catalog }) => ({
    make: createMakeService({
      repository: createMakeRepository(db),
      catalog,
      api: createMakeApi({ baseUrl: env.MAKE_API_URL }),
      keys: sealingKeys(env, resolveAuthSecret(env)),
    }),
  }),
  routes: ({ make, limitDownloads }) => [route(makeRoutes, { make, limitDownloads })],
});
