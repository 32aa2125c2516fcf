import { vi } from 'vitest';

/** A request the stubbed admin API received; `body` is the parsed JSON body, if any. */
export interface AdminApiCall {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Stubs the browser for a test of an admin list: a desktop screen (jsdom has no matchMedia; the
 * pagination asks it whether the screen is a phone's) and `fetch` answered by `answer`, or with a 404
 * where it has none. Returns the requests, in the order they were made.
 */
export function stubAdminApi(answer: (call: AdminApiCall) => Response | undefined): AdminApiCall[] {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  const calls: AdminApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      return (
        answer(call) ?? Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 })
      );
    }),
  );
  return calls;
}
