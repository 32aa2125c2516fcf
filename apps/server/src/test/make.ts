import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the part of Make's API v2 Flowbay uses, as Make documents it: `Authorization:
 * Token <token>`, scopes per token (`user:read` for GET /users/me, `scenarios:write` for POST
 * /scenarios), the blueprint and the scheduling sent as JSON text (not objects), `confirmed=true` needed
 * when a blueprint uses an app the team has not installed, errors as `{ message, detail, code }`.
 */
export interface MakeToken {
  scopes: string[];
  /** The teams the token's user belongs to. */
  teams: number[];
  user?: { id: number; name: string; email: string };
}

export interface ReceivedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

export interface CreatedScenario {
  id: number;
  teamId: number;
  blueprint: unknown;
  scheduling: unknown;
}

export interface MakeStandIn {
  /** The API base (`…/api/v2`), for MAKE_API_URL. */
  url: string;
  tokens: Map<string, MakeToken>;
  calls: ReceivedCall[];
  scenarios: CreatedScenario[];
  /** The next answer instead of the real one (once): a status, Make's body and headers. */
  failNext(status: number, body: unknown, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startMakeStandIn(): Promise<MakeStandIn> {
  const tokens = new Map<string, MakeToken>();
  const calls: ReceivedCall[] = [];
  const scenarios: CreatedScenario[] = [];
  let failure: { status: number; body: unknown; headers: Record<string, string> } | null = null;
  let nextId = 4100;

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://make.local');
    const raw = await readBody(req);
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, {
          message: 'Bad request',
          detail: 'The body is not valid JSON.',
          code: 'IM001',
        });
      }
    }
    calls.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      body,
    });
    if (failure) {
      const { status, body: failureBody, headers } = failure;
      failure = null;
      return send(res, status, failureBody, headers);
    }

    const match = /^Token (.+)$/.exec(req.headers.authorization ?? '');
    const token = match ? tokens.get(match[1]!) : undefined;
    if (!token)
      return send(res, 401, { message: 'Access denied', detail: 'Invalid access token.', code: 'SC401' });
    const needs = (scope: string) => {
      if (token.scopes.includes(scope)) return true;
      send(res, 403, {
        message: 'Permission denied',
        detail: `The token lacks the scope ${scope}.`,
        code: 'SC403',
      });
      return false;
    };

    if (req.method === 'GET' && url.pathname === '/api/v2/users/me') {
      if (!needs('user:read')) return;
      const user = token.user ?? { id: 77, name: 'Make User', email: 'make-user@example.com' };
      return send(res, 200, { authUser: { ...user, language: 'en', timezoneId: 113, localeId: 1 } });
    }

    if (req.method === 'POST' && url.pathname === '/api/v2/scenarios') {
      if (!needs('scenarios:write')) return;
      const input = (body ?? {}) as { blueprint?: unknown; teamId?: unknown; scheduling?: unknown };
      if (typeof input.blueprint !== 'string' || typeof input.scheduling !== 'string') {
        return send(res, 400, {
          message: 'Validation failed',
          detail: 'blueprint and scheduling must be strings.',
          code: 'IM004',
        });
      }
      if (typeof input.teamId !== 'number' || !token.teams.includes(input.teamId)) {
        return send(res, 403, {
          message: 'Access denied',
          detail: `You have no access to team ${String(input.teamId)}.`,
          code: 'SC403',
        });
      }
      let blueprint: unknown;
      let scheduling: unknown;
      try {
        blueprint = JSON.parse(input.blueprint);
        scheduling = JSON.parse(input.scheduling);
      } catch {
        return send(res, 400, {
          message: 'Invalid blueprint',
          detail: 'Blueprint is not valid JSON.',
          code: 'IM005',
        });
      }
      const flow = (blueprint as { flow?: unknown }).flow;
      if (!Array.isArray(flow)) {
        return send(res, 400, {
          message: 'Invalid blueprint',
          detail: 'Blueprint has no flow.',
          code: 'IM005',
        });
      }
      if (url.searchParams.get('confirmed') !== 'true') {
        return send(res, 400, {
          message: 'Confirmation required',
          detail:
            'The scenario uses apps that are not installed yet. Repeat the request with confirmed=true.',
          code: 'IM007',
        });
      }
      const scenario = { id: nextId++, teamId: input.teamId, blueprint, scheduling };
      scenarios.push(scenario);
      return send(res, 200, {
        scenario: {
          id: scenario.id,
          name: (blueprint as { name?: string }).name ?? 'New scenario',
          teamId: scenario.teamId,
          isActive: false,
          isPaused: false,
          scheduling,
        },
      });
    }

    return send(res, 404, {
      message: 'Not found',
      detail: `No route ${req.method} ${url.pathname}.`,
      code: 'IM404',
    });
  };
  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    tokens,
    calls,
    scenarios,
    failNext(status, body, headers = {}) {
      failure = { status, body, headers };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
