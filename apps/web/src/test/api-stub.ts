import { vi } from 'vitest';

/** A request the stubbed API received; `body` is the parsed JSON body, if any. */
export interface ApiCall {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Stubs the browser for a test of a component that talks to the API: a desktop screen (jsdom has no
 * matchMedia; the admin lists' pagination asks it whether the screen is a phone's) and `fetch`
 * answered by `answer`, or with a 404 where it has none. Returns the requests, in the order they
 * were made.
 */
export function stubFetch(answer: (call: ApiCall) => Response | undefined): ApiCall[] {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  const calls: ApiCall[] = [];
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
