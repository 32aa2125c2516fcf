import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelatedWorkflows } from '@flowbay/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';

let ctx: TestContext;
const ids: Record<string, string> = {};
const slack = { key: 'slack', name: 'Slack' };
const sheets = { key: 'google-sheets', name: 'Google Sheets' };
const telegram = { key: 'telegram', name: 'Telegram' };
const webhook = { key: 'webhook', name: 'Webhook' };

async function related(id: string): Promise<RelatedWorkflows> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${id}/related` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  const author = await createUser(ctx.db, { name: 'Trần Thị Bình' });
  const other = await createUser(ctx.db);
  const make = async (key: string, input: Parameters<typeof createWorkflow>[2]) => {
    ids[key] = (await createWorkflow(ctx.db, ctx.storage, { title: `Workflow ${key}`, ...input })).id;
  };
  await make('target', { userId: author.id, useCases: ['ecommerce'], apps: [webhook, slack, sheets] });
  await make('authorOther', { userId: author.id, useCases: ['marketing'], apps: [telegram] });
  await make('authorPending', {
    userId: author.id,
    useCases: ['ecommerce'],
    apps: [slack],
    status: 'pending',
  });
  await make('authorDeleted', { userId: author.id, useCases: ['ecommerce'], apps: [slack], deleted: true });
  await make('sameUseCase', { userId: other.id, useCases: ['ecommerce'], apps: [telegram] });
  await make('sameApp', { userId: other.id, useCases: ['finance'], apps: [slack] });
  await make('both', { userId: other.id, useCases: ['ecommerce'], apps: [slack, sheets] });
  await make('unrelated', { userId: other.id, useCases: ['marketing'], apps: [telegram] });
  await make('onlyCoreNode', { userId: other.id, useCases: ['documents'], apps: [webhook] });
  await make('unlistedMatch', {
    userId: other.id,
    useCases: ['ecommerce'],
    apps: [slack, sheets],
    status: 'unlisted',
  });
});
afterAll(() => ctx.close());

describe('GET /api/workflows/:id/related', () => {
  it('lists listed workflows sharing use cases or apps, closest first, never the workflow itself', async () => {
    const body = await related(ids.target!);
    expect(body.related.map((card) => card.id)).toEqual([ids.both, ids.sameUseCase, ids.sameApp]);
  });

  it("lists the author's other listed workflows, not pending or deleted ones", async () => {
    const body = await related(ids.target!);
    expect(body.by_author.map((card) => card.id)).toEqual([ids.authorOther]);
  });

  it('works from a related workflow too, and suggests nothing for a workflow that shares nothing', async () => {
    // Both share one app with it (a tie, broken by favourites and then by their random ids).
    const fromSameApp = (await related(ids.sameApp!)).related.map((card) => card.id);
    expect(fromSameApp.slice().sort()).toEqual([ids.both!, ids.target!].sort());
    expect((await related(ids.onlyCoreNode!)).related).toEqual([]);
  });

  it('answers WORKFLOW_NOT_FOUND for a workflow the visitor may not see', async () => {
    for (const id of [ids.unlistedMatch, ids.authorPending, '00000000-0000-4000-8000-000000000000']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${id}/related` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('WORKFLOW_NOT_FOUND');
    }
  });
});
