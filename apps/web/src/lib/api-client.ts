import type { EndpointKey, Endpoints, ErrorCode } from '@flowbay/domain';
import { ERROR_CODES } from '@flowbay/domain/errors';
import type { z } from 'zod';
import { i18n } from '@/i18n';

/** An answer of the API that was not 2xx, carrying the stable error code of `{ error: { code, message, field? } }`. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly field?: string,
    /** e.g. `{ messageKey: 'validation.titleMin' }` on a validation error, `{ findings }` on SECRETS_FOUND. */
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
let transport: Fetch = (input, init) => fetch(input, init);

/**
 * The server's render sends the API calls of its prefetch in process (anonymous, no cookies), so
 * the pages it writes hold exactly what the API answers anyone.
 */
export function setApiFetch(next: Fetch) {
  transport = next;
}

type Query = Record<string, string | number | undefined | null>;

function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Every call sends the session cookie and the UI language, so server messages come back in it. */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'x-language': i18n.language === 'vi' ? 'vi' : 'en' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await transport(withQuery(path, init.query), {
      method: init.method ?? 'GET',
      credentials: 'include',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'NETWORK_ERROR', (error as Error).message);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string; field?: string; details?: unknown };
    } | null;
    throw new ApiRequestError(
      response.status,
      body?.error?.code ?? 'INTERNAL_ERROR',
      body?.error?.message ?? response.statusText,
      body?.error?.field,
      body?.error?.details,
    );
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The paths of `endpoints` served under one method, e.g. `'/api/workflows/:id'`. */
type PathOf<M extends Method> = EndpointKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;
type ContractOf<M extends Method, P extends string> = Endpoints[`${M} ${P}` & EndpointKey];

/** What a successful call of `'<METHOD> <path>'` answers, from its schema in packages/domain. */
export type ApiResponse<K extends EndpointKey> = Endpoints[K]['response'] extends z.ZodType
  ? z.output<Endpoints[K]['response']>
  : never;

type ParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type ParamsOption<P extends string> = [ParamName<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamName<P>, string> };
/** The query's names come from the endpoint's schema; values are sent as text. */
type QueryOption<C> = C extends { query: z.ZodType }
  ? { query?: { [Name in keyof z.input<C['query']>]?: Query[string] } }
  : { query?: undefined };
type BodyOption<C> = C extends { body: z.ZodType } ? { body: z.input<C['body']> } : { body?: unknown };

type Options<M extends Method, P extends string> = ParamsOption<P> &
  QueryOption<ContractOf<M, P>> &
  (M extends 'GET' ? { signal?: AbortSignal } : BodyOption<ContractOf<M, P>>);
/** The options argument may be left out when nothing in it is required. */
type OptionsArgument<M extends Method, P extends string> =
  object extends Options<M, P> ? [options?: Options<M, P>] : [options: Options<M, P>];

/** `'/api/workflows/:id'` with `{ id }` → `/api/workflows/<id, URL-encoded>`. */
function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

function call<M extends Method>(method: M) {
  return <P extends PathOf<M>>(
    path: P,
    ...[options]: OptionsArgument<M, P>
  ): Promise<ApiResponse<`${M} ${P}` & EndpointKey>> => {
    const given = options as unknown as
      { params?: Record<string, string>; query?: Query; body?: unknown; signal?: AbortSignal } | undefined;
    const { params, query, body, signal } = given ?? {};
    return apiRequest(fillPath(path, params), { method, query, body, signal });
  };
}

/**
 * The typed API client: `api.get('/api/workflows/:id', { params: { id } })` answers a `WorkflowDetail`
 * because `endpoints` in packages/domain says so; a path, parameter, query name, body or answer
 * that does not match the contract fails `tsc`.
 */
export const api = {
  get: call('GET'),
  post: call('POST'),
  put: call('PUT'),
  patch: call('PATCH'),
  delete: call('DELETE'),
};

/** The codes the web app has a message for: the API's, and its own for an unreachable server. */
type KnownErrorCode = ErrorCode | 'NETWORK_ERROR';
const KNOWN_ERROR_CODES: ReadonlySet<string> = new Set([...ERROR_CODES, 'NETWORK_ERROR']);

/** The i18n key for an error, `errors.<CODE>` (wording in the message catalogue); an unknown code reads as INTERNAL_ERROR. */
export function errorKey(error: unknown): `errors.${KnownErrorCode}` {
  const code = error instanceof ApiRequestError ? error.code : 'INTERNAL_ERROR';
  return `errors.${KNOWN_ERROR_CODES.has(code) ? (code as KnownErrorCode) : 'INTERNAL_ERROR'}`;
}
