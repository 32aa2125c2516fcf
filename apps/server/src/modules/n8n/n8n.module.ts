import type { SignedInViewer } from '../../infra/request-viewer.ts';
import { defineModule, route } from '../../lib/modules.ts';
import { createN8nRepository } from './n8n.repository.ts';
import { n8nKeyRoutes, n8nTemplateRoutes } from './n8n.routes.ts';
import { createN8nService } from './n8n.service.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /**
     * Personal n8n library keys: all of a user's are revoked when their password changes; a key stands
     * for its owner on the MCP endpoint (null when unknown or revoked).
     */
    libraryKeys: {
      revokeAll(userId: string): Promise<number>;
      viewerOf(key: string): Promise<SignedInViewer | null>;
    };
  }
}

/** The catalogue as an n8n template library (`/n8n/...`) and the personal keys that open it. */
export const n8nModule = defineModule({
  name: 'n8n',
  needs: ['db', 'servedFiles', 'search', 'env', 'limitDownloads', 'clock'],
  provides: ['libraryKeys'],
  build: ({ db, servedFiles, search, clock }) => {
    const repository = createN8nRepository(db);
    const n8n = createN8nService({ repository, servedFiles, search });
    return {
      n8n,
      libraryKeys: {
        revokeAll: (userId: string) => repository.revokeAllKeys(userId, clock()),
        viewerOf: (key: string) => n8n.keyViewer(key),
      },
    };
  },
  routes: ({ n8n, env, limitDownloads }) => [
    route(n8nTemplateRoutes, { prefix: '/n8n', n8n, publicUrl: env.PUBLIC_URL, limitDownloads }),
    route(n8nKeyRoutes, { n8n, publicUrl: env.PUBLIC_URL }),
  ],
});
