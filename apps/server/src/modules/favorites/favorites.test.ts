import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';

const ctx = useTestApp();
let author: TestSession;
let fan: TestSession;
let workflowId: string;

const call = sessionCaller(() => ctx);

beforeAll(async () => {
  author = await signedInUser(ctx);
  fan = await signedInUser(ctx);
  workflowId = (
    await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, title: 'Loved workflow' })
  ).id;
});

describe('favourites', () => {
  it('refuses the anonymous caller with 401', async () => {
    for (const response of [
      await call('GET', `/api/favorites/check?workflow_id=${workflowId}`, null),
      await call('POST', '/api/favorites', null, { workflow_id: workflowId }),
      await call('DELETE', `/api/favorites/${workflowId}`, null),
      await call('GET', '/api/favorites', null),
    ]) {
      expect([response.statusCode, response.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });

  it('counts concurrent favourites of one user once, and shows real counts on cards and author stats', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/favorites', fan, { workflow_id: workflowId })),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect((await call('GET', `/api/favorites/check?workflow_id=${workflowId}`, fan)).json()).toEqual({
      isFavorited: true,
    });
    expect((await call('GET', `/api/favorites/check?workflow_id=${workflowId}`, author)).json()).toEqual({
      isFavorited: false,
    });
    await call('POST', '/api/favorites', author, { workflow_id: workflowId });
    expect((await call('GET', `/api/workflows/${workflowId}`, null)).json().favorites_count).toBe(2);
    expect((await call('GET', `/api/author-stats/${author.user.id}`, null)).json()).toEqual({
      workflowCount: 1,
      totalFavorites: 2,
      ratingAverage: null,
      ratingCount: 0,
    });
    const list = (await call('GET', '/api/favorites', fan)).json();
    expect(list.workflows.map((w: { id: string }) => w.id)).toEqual([workflowId]);
  });

  it("cannot touch another user's favourite; removing twice is removing once", async () => {
    const removals = await Promise.all([
      call('DELETE', `/api/favorites/${workflowId}`, fan),
      call('DELETE', `/api/favorites/${workflowId}`, fan),
    ]);
    expect(removals.map((r) => r.json().favorites_count)).toEqual([1, 1]);
    // The author's own favourite is still there: the fan's delete only ever removes the fan's row.
    expect((await call('GET', `/api/favorites/check?workflow_id=${workflowId}`, author)).json()).toEqual({
      isFavorited: true,
    });
    expect((await call('GET', '/api/favorites', fan)).json().workflows).toEqual([]);
  });

  it('cannot favourite a workflow the caller cannot see', async () => {
    const hidden = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, status: 'pending' });
    const response = await call('POST', '/api/favorites', fan, { workflow_id: hidden.id });
    expect([response.statusCode, response.json().error.code]).toEqual([404, 'WORKFLOW_NOT_FOUND']);
  });
});
