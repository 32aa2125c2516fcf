import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiFetch } from '@/lib/api-client';
import { setLoaderQueryClient } from './route-loaders';
import { routes } from './router';

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

afterEach(() => {
  setLoaderQueryClient(null);
  setApiFetch((input, init) => fetch(input, init));
});

describe('route loaders', () => {
  it("start a workflow page's requests together as the navigation starts, before any answers", async () => {
    const api = pendingApi();
    setLoaderQueryClient(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const router = createMemoryRouter(routes, { initialEntries: ['/guide-not-a-page'] });
    const navigation = router.navigate(`/workflows/auto-label-${WORKFLOW_ID}`);
    // prefetch.ts is a chunk of its own: the requests start once it is loaded.
    await expect.poll(() => api.asked.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    // Nothing has answered yet, and the workflow, its versions and its reviews are all asked for.
    expect(api.asked).toEqual(
      expect.arrayContaining([
        `/api/workflows/auto-label-${WORKFLOW_ID}`,
        `/api/workflows/${WORKFLOW_ID}/versions`,
        `/api/workflows/${WORKFLOW_ID}/reviews?page=0`,
      ]),
    );
    api.answerAll();
    await navigation;
    router.dispose();
  });

  it('ask nothing when no browser cache is given (the server render prefetches on its own)', async () => {
    const api = pendingApi();
    const router = createMemoryRouter(routes, { initialEntries: ['/guide-not-a-page'] });
    await router.navigate('/workflows?search=shopify');
    expect(api.asked).toEqual([]);
    router.dispose();
  });
});
