import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReviewList } from '@flowbay/domain';
import { i18n, initI18n } from '@/i18n';
import { ratingsKeys } from '../api/get-reviews';
import { ReviewsSection } from './reviews-section';

beforeAll(() => initI18n('en'));
// The test set-up unmounts after each test; the stubs are this file's to undo.
afterEach(() => vi.unstubAllGlobals());

const WORKFLOW = '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f';

const eligible: ReviewList = {
  summary: { average: null, count: 0, distribution: [0, 0, 0, 0, 0] },
  reviews: [],
  page: 0,
  pageSize: 10,
  total: 0,
  viewer: { eligibility: 'eligible', can_reply: false, review: null },
};

/** The reviews endpoint answers with `answers` in turn (the last one repeats). */
function stubReviews(answers: Array<() => Response>) {
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith(`/api/workflows/${WORKFLOW}/reviews`)) {
        const answer = answers[Math.min(reads, answers.length - 1)]!;
        reads += 1;
        return answer();
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReviewsSection workflowId={WORKFLOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('ReviewsSection', () => {
  it('keeps the review form and its message when asking the reviews again fails', async () => {
    stubReviews([
      () => Response.json(eligible),
      () => Response.json({ error: { code: 'INTERNAL', message: 'down' } }, { status: 503 }),
    ]);
    const client = renderSection();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('ratings.submit') }));
    expect(screen.getByRole('alert').textContent).toBe(i18n.t('ratings.pickRating'));

    await act(() => client.refetchQueries({ queryKey: ratingsKeys.workflow(WORKFLOW) }));
    expect(client.getQueryState(ratingsKeys.list(WORKFLOW, 0))?.status).toBe('error');
    expect(screen.getByRole('button', { name: i18n.t('ratings.submit') })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(i18n.t('ratings.pickRating'));
  });

  it('says the reviews could not be loaded when the first answer fails', async () => {
    stubReviews([() => Response.json({ error: { code: 'INTERNAL', message: 'down' } }, { status: 503 })]);
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('ratings.loadFailed'));
    expect(screen.queryByRole('button', { name: i18n.t('ratings.submit') })).toBeNull();
  });
});
