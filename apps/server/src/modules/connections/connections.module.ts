import type { SentToN8n, N8nConnection } from '@flowbay/domain';
import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import type { Viewer } from '../../infra/request-viewer.ts';
import { sealingKeys } from '../../infra/sealed-text.ts';
import { defineModule, route } from '../../lib/modules.ts';
import { upkeepSweep } from '../../plugins/sweeps.ts';
import { createConnectionsRepository } from './connections.repository.ts';
import { connectionsRoutes } from './connections.routes.ts';
import { createConnectionsService } from './connections.service.ts';
import { createN8nApi } from './n8n-api.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /**
     * "Send to my n8n": creates a workflow the viewer may download in one of their own saved n8n
     * connections; the same checks and errors as `POST /api/workflows/:id/send-to-n8n`.
     */
    sendToN8n: (viewer: Viewer, workflowId: string, connectionId: string) => Promise<SentToN8n>;
    /** The viewer's saved n8n connections (no keys), to pick one for `sendToN8n`. */
    n8nConnections: { list(viewer: Viewer): Promise<N8nConnection[]> };
  }
}

/** A user's own n8n instances (address and sealed API key) and "Send to my n8n". */
export const connectionsModule = defineModule({
  name: 'connections',
  needs: ['db', 'catalog', 'env', 'clock'],
  provides: ['sendToN8n', 'n8nConnections'],
  build: ({ db, catalog, env, clock }) => {
    const connections = createConnectionsService({
      repository: createConnectionsRepository(db),
      catalog,
      n8n: createN8nApi({ allowPrivate: env.N8N_CONNECT_ALLOW_PRIVATE }),
      keys: sealingKeys(env, resolveAuthSecret(env)),
      clock,
    });
    return {
      connections,
      sendToN8n: connections.sendToN8n,
      n8nConnections: { list: connections.list },
    };
  },
  routes: ({ connections, env }) => [
    route(connectionsRoutes, { connections }),
    // After a key rotation, everything the previous keys sealed is sealed again under the new one,
    // once the server is up (a database down at start must not stop it) and hourly after.
    Boolean(env.ENCRYPTION_KEY || env.ENCRYPTION_KEY_PREVIOUS.length > 0) &&
      route(upkeepSweep, {
        what: 'n8n API keys sealed again under the current key',
        everyMs: 60 * 60 * 1000,
        run: connections.resealAll,
      }),
  ],
});
