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

export function withQuery(path: string, query: Query = {}): string {
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

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** The i18n key for an error: `errors.<CODE>`, so wording stays in en.json / vi.json. */
export function errorKey(error: unknown): string {
  return `errors.${error instanceof ApiRequestError ? error.code : 'INTERNAL_ERROR'}`;
}
