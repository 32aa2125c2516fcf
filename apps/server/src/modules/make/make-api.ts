import { MAKE_ZONES, type MakeErrorDetails, type MakeZone } from '@flowbay/domain';
import { outboundRequest, type OutboundOptions, type OutboundResponse } from '../../infra/http/outbound.ts';
import { AppError, RateLimitedError } from '../../lib/errors.ts';

/**
 * The few calls Flowbay makes to Make's API with a user's token. Only Make's own zones are ever
 * called (the zone is checked against MAKE_ZONES, never taken as a free host), or the one base URL
 * the operator set in MAKE_API_URL (tests, a private Make installation), so a saved connection
 * cannot point Flowbay's server at an address of the user's choosing. Every call still goes through
 * the outbound guard (no private addresses for the zones, no redirects, a deadline, a size cap).
 */
export interface MakeApiOptions {
  /** Replaces `https://<zone>/api/v2` for every zone; the operator's choice, so it may be private. */
  baseUrl?: string;
  /** How long one call may take before Make counts as unreachable. */
  timeoutMs?: number;
  /** The guard's options for Make's own zones (tests replace the resolver). */
  outbound?: OutboundOptions;
}

export interface MakeCredentials {
  zone: MakeZone;
  token: string;
  teamId: number;
}

export interface MakeUser {
  name: string;
  email: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;
/** Make's text is shown to the user as it came; a long page of it is cut. */
const MAKE_MESSAGE_MAX = 500;
/** Seconds to wait when Make answers 429 without saying how long. */
const DEFAULT_RETRY_AFTER = 60;

/** The page of Make's editor where a scenario opens. */
export function scenarioEditUrl(zone: MakeZone, teamId: number, scenarioId: number): string {
  return `https://${zone}/${teamId}/scenarios/${scenarioId}/edit`;
}

export function createMakeApi(options: MakeApiOptions = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const override = options.baseUrl?.replace(/\/+$/, '');

  function baseOf(zone: MakeZone): string {
    if (override) return override;
    if (!(MAKE_ZONES as readonly string[]).includes(zone)) throw new Error(`not a Make zone: ${zone}`);
    return `https://${zone}/api/v2`;
  }

  async function call(
    credentials: MakeCredentials,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    let response: OutboundResponse;
    try {
      response = await outboundRequest(
        `${baseOf(credentials.zone)}${path}`,
        {
          method,
          headers: {
            authorization: `Token ${credentials.token}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        { ...options.outbound, timeoutMs, ...(override ? { allowPrivate: true } : {}) },
      );
    } catch {
      throw new AppError('MAKE_UNREACHABLE', 'Make did not answer', undefined, noDetails());
    }
    const text = response.body.toString('utf8');
    if (response.status >= 200 && response.status < 300) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new AppError('MAKE_UNREACHABLE', 'Make answered something that is not JSON', undefined, {
          make_status: response.status,
          make_message: null,
        } satisfies MakeErrorDetails);
      }
    }
    const details: MakeErrorDetails = {
      make_status: response.status,
      make_message: makeMessageOf(text, credentials.token),
    };
    if (response.status === 429) {
      const retryAfter = response.headers['retry-after'];
      throw new RateLimitedError(retryAfterOf(typeof retryAfter === 'string' ? retryAfter : null), {
        code: 'MAKE_RATE_LIMITED',
        details,
      });
    }
    if (response.status >= 500) throw new AppError('MAKE_UNREACHABLE', 'Make failed', undefined, details);
    throw new AppError('MAKE_REJECTED', 'Make refused the request', undefined, details);
  }

  return {
    /** Whom the token belongs to: a cheap call that proves the token, its zone and `user:read`. */
    async me(credentials: MakeCredentials): Promise<MakeUser> {
      const answer = (await call(credentials, 'GET', '/users/me')) as {
        authUser?: { name?: unknown; email?: unknown };
      };
      const user = answer?.authUser;
      return {
        name: typeof user?.name === 'string' ? user.name : '',
        email: typeof user?.email === 'string' ? user.email : '',
      };
    },

    /**
     * A new scenario in the connection's team, inactive and run on demand (the buyer connects their
     * own accounts first). Make takes the blueprint and the scheduling as JSON text, not objects;
     * `confirmed=true` lets it install apps the team has not used yet instead of refusing.
     */
    async createScenario(credentials: MakeCredentials, blueprint: string): Promise<{ id: number }> {
      const answer = (await call(credentials, 'POST', '/scenarios?confirmed=true', {
        blueprint,
        teamId: credentials.teamId,
        scheduling: JSON.stringify({ type: 'on-demand' }),
      })) as { scenario?: { id?: unknown } };
      const id = answer?.scenario?.id;
      if (typeof id !== 'number' || !Number.isInteger(id)) {
        throw new AppError('MAKE_UNREACHABLE', 'Make did not name the new scenario', undefined, noDetails());
      }
      return { id };
    },
  };
}

export type MakeApi = ReturnType<typeof createMakeApi>;

const noDetails = (): MakeErrorDetails => ({ make_status: null, make_message: null });

/** Make's error body is `{ message, detail, code, suberrors }`; its words, without the token, cut short. */
function makeMessageOf(text: string, token: string): string | null {
  let message: string | null;
  try {
    const body = JSON.parse(text) as { message?: unknown; detail?: unknown; suberrors?: unknown };
    const parts = [body.message, body.detail].filter(
      (part): part is string => typeof part === 'string' && part.trim() !== '',
    );
    const sub = Array.isArray(body.suberrors)
      ? body.suberrors
          .map((item) => (item as { message?: unknown })?.message)
          .filter((part): part is string => typeof part === 'string')
      : [];
    message = [...new Set([...parts, ...sub])].join(' — ') || null;
  } catch {
    message = text.trim() || null;
  }
  if (message === null) return null;
  if (token) message = message.split(token).join('•••');
  return message.length > MAKE_MESSAGE_MAX ? `${message.slice(0, MAKE_MESSAGE_MAX - 1)}…` : message;
}

function retryAfterOf(header: string | null): number {
  if (!header) return DEFAULT_RETRY_AFTER;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  return DEFAULT_RETRY_AFTER;
}
