import { afterEach, describe, expect, it } from 'vitest';
import { FEATURED_COUNT } from '@flowbay/domain/limits';
import type { KnownPageData } from '@flowbay/domain/page-data';
import { setApiFetch } from '@/lib/api-client';
import { prefetchPage } from './prefetch';
import { createQueryClient } from './providers';

const WORKFLOW_ID = '3f0c2a4e-8d7b-4c1a-9e2f-6b5d4c3a2b10';
const WORKFLOW_REF = `auto-label-${WORKFLOW_ID}`;
const AUTHOR_ID = 'author-1';

/** Records every API call; answers the workflow (priced `price`) and an empty list for the rest. */
function recordingApi(price: number) {
  const asked: string[] = [];
  setApiFetch(async (input) => {
    asked.push(input);
    const body =
      input === `/api/workflows/${WORKFLOW_REF}` ? { id: WORKFLOW_ID, user_id: AUTHOR_ID, price } : [];
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

/** The app's own client: an answer put in it stays fresh, as in the server's render. */
const client = createQueryClient;
const at = (path: string) => new URL(path, 'https://flowbay.example');

afterEach(() => {
  setApiFetch((input, init) => fetch(input, init));
});

describe('prefetchPage', () => {
  it("runs the home page's declaration: the subcategories and the most viewed workflows", async () => {
    const asked = recordingApi(0);
    await prefetchPage(client(), at('/'));
    expect(asked.sort()).toEqual([
      '/api/subcategories',
      `/api/workflows?sort=views_desc&limit=${FEATURED_COUNT}`,
    ]);
  });

  it("runs the workflow page's declaration: the ways to pay only for a paid workflow", async () => {
    const free = recordingApi(0);
    await prefetchPage(client(), at(`/workflows/${WORKFLOW_REF}`));
    const common = [
      `/api/workflows/${WORKFLOW_REF}`,
      `/api/workflows/${WORKFLOW_ID}/versions`,
      `/api/workflows/${WORKFLOW_ID}/reviews?page=0`,
      `/api/author-stats/${AUTHOR_ID}`,
      '/api/translate',
    ];
    expect(free.sort()).toEqual([...common].sort());
    const paid = recordingApi(500);
    await prefetchPage(client(), at(`/workflows/${WORKFLOW_REF}`));
    expect(paid.sort()).toEqual([...common, '/api/payments/providers'].sort());
  });

  it('puts the answers the server has in the cache first, and asks only for the rest', async () => {
    const asked = recordingApi(500);
    const known = {
      workflow: { ref: WORKFLOW_REF, data: { id: WORKFLOW_ID, user_id: AUTHOR_ID, price: 500 } },
      versions: [],
      translateStatus: { available: false },
    } as unknown as KnownPageData;
    const queryClient = client();
    await prefetchPage(queryClient, at(`/workflows/${WORKFLOW_REF}`), known);
    expect(asked.sort()).toEqual(
      [
        `/api/workflows/${WORKFLOW_ID}/reviews?page=0`,
        `/api/author-stats/${AUTHOR_ID}`,
        '/api/payments/providers',
      ].sort(),
    );
    expect(queryClient.getQueryCache().getAll()).toHaveLength(6);
  });

  it('loads nothing for a page without a data declaration', async () => {
    const asked = recordingApi(0);
    const queryClient = client();
    await prefetchPage(queryClient, at('/guide'), { versions: [] });
    expect(asked).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
