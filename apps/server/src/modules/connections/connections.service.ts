import {
  isUuid,
  N8N_MAX_CONNECTIONS,
  type CreateN8nConnectionBody,
  type N8nConnection,
  type SentToN8n,
} from '@flowbay/domain';
import type { Clock } from '../../infra/jobs/queue.ts';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { sealedSecrets } from '../../infra/sealed-secret.ts';
import type { SealingKeys } from '../../infra/sealed-text.ts';
import { AppError, notFound, unauthenticated } from '../../lib/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ConnectionsRepository, N8nConnectionRow } from './connections.repository.ts';
import { n8nWorkflowBody, normalizeN8nBaseUrl, type N8nApi } from './n8n-api.ts';

const SEAL_PURPOSE = 'n8n-api-key';

const connectionNotFound = () => notFound('N8N_CONNECTION_NOT_FOUND', 'n8n connection not found');

function toConnection(row: N8nConnectionRow): N8nConnection {
  return {
    id: row.id,
    name: row.name,
    base_url: row.baseUrl,
    key_hint: row.keyHint,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * A user's n8n connections and "Send to my n8n": a workflow the caller may download is created in
 * their own n8n through its public API, with its credentials left out for them to create there.
 */
export function createConnectionsService(deps: {
  repository: ConnectionsRepository;
  catalog: Pick<CatalogService, 'get' | 'download'>;
  n8n: N8nApi;
  keys: SealingKeys;
  clock: Clock;
}) {
  const { repository, catalog, n8n, clock } = deps;
  const apiKeys = sealedSecrets(deps.keys, SEAL_PURPOSE);

  const signedIn = (viewer: Viewer) => {
    if (!isSignedIn(viewer)) throw unauthenticated();
    return viewer;
  };

  /** The caller's connection and its key; a key sealed under an older key is sealed again now. */
  async function open(userId: string, id: string) {
    if (!isUuid(id)) throw connectionNotFound();
    const row = await repository.find(userId, id);
    if (!row) throw connectionNotFound();
    const apiKey = await apiKeys.open(row.apiKeySealed, (sealed) => repository.reseal(row.id, sealed));
    return { row, target: { baseUrl: row.baseUrl, apiKey } };
  }

  return {
    async list(viewer: Viewer): Promise<N8nConnection[]> {
      const user = signedIn(viewer);
      return (await repository.list(user.id)).map(toConnection);
    },

    async create(viewer: Viewer, input: CreateN8nConnectionBody): Promise<{ id: string }> {
      const user = signedIn(viewer);
      const baseUrl = normalizeN8nBaseUrl(input.base_url);
      await n8n.checkAddress(baseUrl);
      if ((await repository.count(user.id)) >= N8N_MAX_CONNECTIONS) {
        throw new AppError('N8N_CONNECTION_LIMIT', 'Too many n8n connections');
      }
      const { sealed, hint } = apiKeys.seal(input.api_key);
      const id = await repository.insert({
        userId: user.id,
        name: input.name || new URL(baseUrl).host,
        baseUrl,
        apiKeySealed: sealed,
        keyHint: hint,
      });
      return { id };
    },

    async test(viewer: Viewer, id: string): Promise<{ ok: true }> {
      const user = signedIn(viewer);
      const { row, target } = await open(user.id, id);
      await n8n.check(target);
      await repository.used(row.id, clock());
      return { ok: true };
    },

    async remove(viewer: Viewer, id: string): Promise<null> {
      const user = signedIn(viewer);
      if (!isUuid(id) || !(await repository.remove(user.id, id))) throw connectionNotFound();
      return null;
    },

    /**
     * Sends a workflow the caller may download (free, their own, or bought and not refunded) to one
     * of their own n8n connections. Answers the new workflow's address and the apps whose
     * credentials it needs.
     */
    async sendToN8n(viewer: Viewer, workflowId: string, connectionId: string): Promise<SentToN8n> {
      const user = signedIn(viewer);
      const { row, target } = await open(user.id, connectionId);
      const detail = await catalog.get(workflowId, viewer);
      if (!detail.access.can_download) {
        throw new AppError({ code: 'PAYMENT_REQUIRED', case: 'signedIn' }, 'Purchase this workflow first');
      }
      if (!detail.categories.some((category) => category.id === 'n8n')) {
        throw new AppError('NOT_AN_N8N_WORKFLOW', 'Not an n8n workflow');
      }
      // The download path: the same entitlement check, the served file, and the download counted.
      const file = await catalog.download(detail.id, viewer, user.id, undefined, 'send_to_n8n');
      let parsed: unknown;
      try {
        parsed = JSON.parse(file.body.toString('utf8'));
      } catch {
        parsed = null;
      }
      const body = n8nWorkflowBody(parsed, detail.title);
      if (!body) throw new AppError('NOT_AN_N8N_WORKFLOW', 'The file holds no n8n workflow');
      const n8nId = await n8n.createWorkflow(target, body);
      await repository.used(row.id, clock());
      return {
        url: `${row.baseUrl}/workflow/${encodeURIComponent(n8nId)}`,
        workflow_id: n8nId,
        credentials: [
          ...new Set((detail.requirements?.credentials ?? []).map((credential) => credential.app)),
        ],
      };
    },

    /** Seals again every key an older sealing key sealed (run at start while previous keys are listed). */
    async resealAll(): Promise<number> {
      const rows = await repository.allSealed();
      return apiKeys.resealStale(
        rows.map((row) => ({ id: row.id, sealed: row.apiKeySealed })),
        repository.reseal,
      );
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
