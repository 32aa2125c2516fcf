import {
  MAKE_CONNECTIONS_MAX,
  MakeZone,
  type CreatedMakeConnection,
  type CreateMakeConnectionBody,
  type MakeConnection,
  type MakeConnectionTest,
  type SentToMake,
} from '@flowbay/domain';
import type { Viewer } from '../../infra/request-viewer.ts';
import { sealedSecrets } from '../../infra/sealed-secret.ts';
import type { SealingKeys } from '../../infra/sealed-text.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { scenarioEditUrl, type MakeApi, type MakeCredentials } from './make-api.ts';
import type { MakeRepository } from './make.repository.ts';

const SEAL_PURPOSE = 'make-api-token';

export interface MakeServiceDeps {
  repository: MakeRepository;
  catalog: Pick<CatalogService, 'get' | 'download'>;
  api: MakeApi;
  /** Tokens are sealed under the current key; one sealed under a previous key is sealed again when used. */
  keys: SealingKeys;
}

const connectionNotFound = () =>
  notFound('MAKE_CONNECTION_NOT_FOUND', 'This Make connection was not found among yours');

/** Saved Make connections and sending a Make listing's blueprint to one of them as a new scenario. */
export function createMakeService({ repository, catalog, api, keys }: MakeServiceDeps) {
  const tokens = sealedSecrets(keys, SEAL_PURPOSE);

  /** The caller's connection with its token opened (and sealed again if an older key sealed it). */
  async function ownCredentials(viewer: Viewer, id: string): Promise<MakeCredentials> {
    const user = requireUser(viewer);
    const row = await repository.findOwn(user.id, id);
    if (!row) throw connectionNotFound();
    const token = await tokens.open(row.tokenSealed, (sealed) => repository.reseal(row.id, sealed));
    return { zone: MakeZone.parse(row.zone), teamId: row.teamId, token };
  }

  return {
    async create(viewer: Viewer, input: CreateMakeConnectionBody): Promise<CreatedMakeConnection> {
      const user = requireUser(viewer);
      const { sealed, hint } = tokens.seal(input.token.trim());
      const saved = await repository.insertWithinLimit(
        {
          userId: user.id,
          name: (input.name ?? '').trim(),
          zone: input.zone,
          teamId: Number(input.team_id),
          tokenSealed: sealed,
          tokenHint: hint,
        },
        MAKE_CONNECTIONS_MAX,
      );
      if (!saved) throw new AppError('MAKE_CONNECTION_LIMIT', `At most ${MAKE_CONNECTIONS_MAX} connections`);
      return { id: saved.id };
    },

    async list(viewer: Viewer): Promise<MakeConnection[]> {
      const user = requireUser(viewer);
      return (await repository.listOf(user.id)).map((row) => ({
        id: row.id,
        name: row.name,
        zone: MakeZone.parse(row.zone),
        team_id: row.teamId,
        token_hint: row.tokenHint,
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** Asks Make who the token belongs to: proves the zone and the token before the first send. */
    async test(viewer: Viewer, id: string): Promise<MakeConnectionTest> {
      const me = await api.me(await ownCredentials(viewer, id));
      return { ok: true, user_name: me.name, user_email: me.email };
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      const user = requireUser(viewer);
      if (!(await repository.deleteOwn(user.id, id))) throw connectionNotFound();
    },

    /**
     * A new scenario in the connection's Make team, from exactly the file the viewer may download
     * (so the same rules: free, their own, or bought; a send counts as a download). Only a Make
     * listing can be sent: another platform's export is not a blueprint.
     */
    async send(viewer: Viewer, ref: string, connectionId: string, visitorKey: string): Promise<SentToMake> {
      const credentials = await ownCredentials(viewer, connectionId);
      const detail = await catalog.get(ref, viewer);
      if (detail.node_summary?.platform !== 'make') {
        throw new AppError('NOT_A_MAKE_WORKFLOW', 'Only a Make workflow can be sent to Make');
      }
      const file = await catalog.download(ref, viewer, visitorKey, undefined, 'send_to_make');
      const scenario = await api.createScenario(credentials, Buffer.from(file.body).toString('utf8'));
      return {
        scenario_id: scenario.id,
        url: scenarioEditUrl(credentials.zone, credentials.teamId, scenario.id),
      };
    },
  };
}

export type MakeService = ReturnType<typeof createMakeService>;
