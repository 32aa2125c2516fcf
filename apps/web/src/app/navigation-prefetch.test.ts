import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageId } from '@flowbay/domain/routes';
import { setApiFetch } from '@/lib/api-client';
import { prefetchingNavigations } from './navigation-prefetch';
import { PAGE_MODULES } from './page-modules';
import { hasPageData } from './prefetch';

const WORKFLOW_ID = '3f0c2a4e-8d7b-4c1a-9e2f-6b5d4c3a2b10';

/** Records every API call and leaves it unanswered until `answerAll`. */
function pendingApi() {
  const asked: string[] = [];
  const waiting: ((response: Response) => void)[] = [];
  setApiFetch((input) => {
    asked.push(input);
    return new Promise((resolve) => waiting.push(resolve));
  });
  const answerAll = () => {
    for (const resolve of waiting.splice(0))
      resolve(new Response(JSON.stringify({ error: { code: 'NOT_FOUND' } }), { status: 404 }));
  };
  return { asked, answerAll };
}

/** A history as the router uses it, listened to the way the router listens. */
function navigations() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = prefetchingNavigations(
    UNSAFE_createMemoryHistory({ initialEntries: ['/guide-not-a-page'], v5Compat: true }),
    client,
  );
  const seen: string[] = [];
  const stop = history.listen(({ location }) => seen.push(location.pathname));
  return { history, seen, stop };
}

/**
 * Navigates to `path` with every API call held: the calls asked for, what the router heard, and
 * `done`, which answers the held calls and stops listening.
 */
function navigateTo(path: string) {
  const api = pendingApi();
  const { history, seen, stop } = navigations();
  history.push(path);
  const done = () => {
    api.answerAll();
    stop();
  };
  return { asked: api.asked, history, seen, done };
}

// Every page's data declaration is a chunk of its own; imported here (eagerly), they are loaded before
// any test runs: a navigation's requests start within a few ticks, whatever a first transform costs.
import.meta.glob('./routes/*.data.ts', { eager: true });

afterEach(() => {
  setApiFetch((input, init) => fetch(input, init));
});

describe('navigation prefetch', () => {
  it("starts a workflow page's requests together as the navigation starts, before any answers", async () => {
    const { asked, history, seen, done } = navigateTo(`/workflows/auto-label-${WORKFLOW_ID}`);
    // The router hears of the navigation at once, as without the prefetch.
    expect(seen).toEqual([`/workflows/auto-label-${WORKFLOW_ID}`]);
    expect(history.location.pathname).toBe(`/workflows/auto-label-${WORKFLOW_ID}`);
    await expect.poll(() => asked.length).toBeGreaterThanOrEqual(3);
    // Nothing has answered yet, and the workflow, its versions and its reviews are all asked for.
    expect(asked).toEqual(
      expect.arrayContaining([
        `/api/workflows/auto-label-${WORKFLOW_ID}`,
        `/api/workflows/${WORKFLOW_ID}/versions`,
        `/api/workflows/${WORKFLOW_ID}/reviews?page=0`,
      ]),
    );
    done();
  });

  it('asks for the filtered catalogue the address names', async () => {
    const { asked, done } = navigateTo('/workflows?search=shopify');
    await expect
      .poll(() => asked.find((url) => url.startsWith('/api/workflows?')))
      .toContain('search=shopify');
    done();
  });

  it("starts the requests of every page that declares its data, the profile's among them", async () => {
    const { asked, done } = navigateTo('/profiles/author-1?page=2');
    await expect.poll(() => asked.length).toBeGreaterThanOrEqual(2);
    expect(asked).toEqual(
      expect.arrayContaining(['/api/profile/author-1', '/api/workflows?page=1&user_id=author-1']),
    );
    done();
  });

  it('asks nothing for a page without a data declaration', async () => {
    const { asked, seen, done } = navigateTo('/guide');
    // Every declaration loaded: had the navigation started one, its requests would be out by now.
    await Promise.all(Object.values(import.meta.glob('./routes/*.data.ts')).map((load) => load()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['/guide']);
    expect(asked).toEqual([]);
    done();
  });

  it('prefetches exactly the pages with a `routes/<file>.data.ts` beside their component', () => {
    const routes = join(dirname(fileURLToPath(import.meta.url)), 'routes');
    const declared = (id: PageId) => existsSync(join(routes, `${PAGE_MODULES[id].file}.data.ts`));
    for (const id of Object.keys(PAGE_MODULES) as PageId[]) expect(hasPageData(id), id).toBe(declared(id));
    // The public pages whose first view loads data (the legal pages and the FAQ say whether moderation is
    // AI-assisted, the contact page where the form sends); the guide and signed-in screens load none.
    expect((Object.keys(PAGE_MODULES) as PageId[]).filter(hasPageData).sort()).toEqual([
      'bundle',
      'catalog',
      'contact',
      'faq',
      'home',
      'privacy',
      'publicProfile',
      'terms',
      'workflow',
    ]);
  });
});
