import { randomUUID } from 'node:crypto';
import {
  OutboundFailed,
  OutboundRefused,
  outboundRequest,
  parseOutboundUrl,
  vettedAddresses,
  type OutboundOptions,
  type OutboundResponse,
} from '../../infra/http/outbound.ts';
import { AppError, RateLimitedError } from '../../lib/errors.ts';

/*
 * n8n's public API (`/api/v1`, key in X-N8N-API-KEY) as "Send to my n8n" uses it: check a key,
 * create a workflow. Its schemas forbid unknown and read-only fields (additionalProperties: false in
 * n8n 1.119 and 2.x), so the body is rebuilt from what the schemas list.
 */

/** The node fields n8n's public API takes (components.schemas.node, read-only ones left out), by type. */
const NODE_FIELDS = {
  id: 'string',
  name: 'string',
  webhookId: 'string',
  disabled: 'boolean',
  notesInFlow: 'boolean',
  notes: 'string',
  type: 'string',
  typeVersion: 'number',
  executeOnce: 'boolean',
  alwaysOutputData: 'boolean',
  retryOnFail: 'boolean',
  maxTries: 'number',
  waitBetweenTries: 'number',
  continueOnFail: 'boolean',
  onError: 'string',
} as const;

/**
 * The workflow settings n8n's public API takes (components.schemas.workflowSettings), except those
 * naming things in the author's instance (errorWorkflow, callerIds) and availableInMCP (needs an
 * active workflow).
 */
const SETTINGS_FIELDS = {
  saveExecutionProgress: (value: unknown) => typeof value === 'boolean',
  saveManualExecutions: (value: unknown) => typeof value === 'boolean',
  saveDataErrorExecution: (value: unknown) => value === 'all' || value === 'none',
  saveDataSuccessExecution: (value: unknown) => value === 'all' || value === 'none',
  executionTimeout: (value: unknown) => typeof value === 'number',
  timezone: (value: unknown) => typeof value === 'string',
  executionOrder: (value: unknown) => typeof value === 'string',
  callerPolicy: (value: unknown) => value === 'any' || value === 'none' || value === 'workflowsFromSameOwner',
  timeSavedPerExecution: (value: unknown) => typeof value === 'number',
} as const;

/** Trigger nodes n8n reaches by a webhook path: an import without a webhookId gets none, and the editor breaks. */
const WEBHOOK_NODE = /\.(webhook|formTrigger|form|chatTrigger)$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body of `POST /api/v1/workflows` for a workflow file (its first workflow), or null for no n8n workflow. */
export function n8nWorkflowBody(file: unknown, title: string): Record<string, unknown> | null {
  const workflow = Array.isArray(file) ? file[0] : file;
  if (!isRecord(workflow) || !Array.isArray(workflow.nodes)) return null;
  const nodes = workflow.nodes.filter(isRecord).map((node) => {
    const out: Record<string, unknown> = {};
    for (const [key, type] of Object.entries(NODE_FIELDS)) {
      if (typeof node[key] === type) out[key] = node[key];
    }
    if (typeof out.id !== 'string' || out.id === '') out.id = randomUUID();
    const position = node.position;
    out.position =
      Array.isArray(position) && position.length === 2 && position.every((n) => typeof n === 'number')
        ? position
        : [0, 0];
    out.parameters = isRecord(node.parameters) ? node.parameters : {};
    if (typeof out.type === 'string' && WEBHOOK_NODE.test(out.type) && !out.webhookId) {
      out.webhookId = randomUUID();
    }
    return out;
  });
  const settings: Record<string, unknown> = {};
  if (isRecord(workflow.settings)) {
    for (const [key, valid] of Object.entries(SETTINGS_FIELDS)) {
      if (valid(workflow.settings[key])) settings[key] = workflow.settings[key];
    }
  }
  settings.executionOrder ??= 'v1';
  return {
    name: typeof workflow.name === 'string' && workflow.name.trim() ? workflow.name : title,
    nodes,
    connections: isRecord(workflow.connections) ? workflow.connections : {},
    settings,
  };
}

/** A saved base address in one spelling: no trailing slash, no query or fragment (a sub-path is kept). */
export function normalizeN8nBaseUrl(text: string): string {
  let url: URL;
  try {
    url = parseOutboundUrl(text);
  } catch {
    throw new AppError('N8N_URL_INVALID', 'Not an http(s) address without credentials', 'base_url');
  }
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}

/** n8n's own words from an error answer (`{ message }` in JSON, else its text), kept short. */
function n8nMessage(response: OutboundResponse): string {
  const text = response.body.toString('utf8');
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed) && typeof parsed.message === 'string') return parsed.message.slice(0, 500);
  } catch {
    // not JSON
  }
  return text.trim().slice(0, 500) || `HTTP ${response.status}`;
}

/** Seconds from a Retry-After header (seconds or an HTTP date), 60 when absent, within 1 s .. 1 h. */
export function retryAfterSeconds(header: string | string[] | undefined, now = Date.now()): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return 60;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : Math.ceil((Date.parse(value) - now) / 1000);
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 1), 3600) : 60;
}

function outboundError(error: unknown): unknown {
  if (error instanceof OutboundRefused) {
    return error.reason === 'address'
      ? new AppError('PRIVATE_ADDRESS_REFUSED', error.message, 'base_url')
      : new AppError('N8N_URL_INVALID', error.message, 'base_url');
  }
  if (error instanceof OutboundFailed) {
    return new AppError('N8N_UNREACHABLE', error.message, undefined, { n8n_message: error.message });
  }
  return error;
}

function answerError(response: OutboundResponse): AppError {
  const details = { n8n_status: response.status, n8n_message: n8nMessage(response) };
  if (response.status === 429) {
    return new RateLimitedError(retryAfterSeconds(response.headers['retry-after']), {
      code: 'N8N_RATE_LIMITED',
      details,
    });
  }
  if (response.status === 401 || response.status === 403) {
    return new AppError('N8N_API_KEY_REJECTED', details.n8n_message, undefined, details);
  }
  return new AppError('N8N_REJECTED', details.n8n_message, undefined, details);
}

export interface N8nTarget {
  baseUrl: string;
  apiKey: string;
}

/** The n8n public API client, every call through the outbound guard. */
export function createN8nApi(outbound: OutboundOptions) {
  async function call(target: N8nTarget, method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: OutboundResponse;
    try {
      response = await outboundRequest(
        `${target.baseUrl}${path}`,
        {
          method,
          headers: {
            accept: 'application/json',
            'x-n8n-api-key': target.apiKey,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        outbound,
      );
    } catch (error) {
      throw outboundError(error);
    }
    if (response.status < 200 || response.status >= 300) throw answerError(response);
    try {
      return JSON.parse(response.body.toString('utf8')) as unknown;
    } catch {
      throw new AppError('N8N_REJECTED', 'not a JSON answer', undefined, {
        n8n_status: response.status,
        n8n_message: 'The answer was not n8n’s JSON: is this the address of n8n itself?',
      });
    }
  }

  return {
    /** Refuses an address that is not http(s) or resolves to a private one, before it is saved. */
    async checkAddress(baseUrl: string): Promise<void> {
      try {
        await vettedAddresses(parseOutboundUrl(baseUrl), outbound);
      } catch (error) {
        throw outboundError(error);
      }
    },

    /** Whether the key opens the instance's public API (one workflow listed). */
    async check(target: N8nTarget): Promise<void> {
      const answer = await call(target, 'GET', '/api/v1/workflows?limit=1');
      if (!isRecord(answer) || !Array.isArray(answer.data)) {
        throw new AppError('N8N_REJECTED', 'not a workflow list', undefined, {
          n8n_message: 'The answer was not n8n’s workflow list: is this the address of n8n itself?',
        });
      }
    },

    /** Creates the workflow; answers its id in that n8n. */
    async createWorkflow(target: N8nTarget, body: Record<string, unknown>): Promise<string> {
      const answer = await call(target, 'POST', '/api/v1/workflows', body);
      if (!isRecord(answer) || typeof answer.id !== 'string') {
        throw new AppError('N8N_REJECTED', 'no workflow id', undefined, {
          n8n_message: 'n8n did not answer the id of the new workflow.',
        });
      }
      return answer.id;
    },
  };
}

export type N8nApi = ReturnType<typeof createN8nApi>;
