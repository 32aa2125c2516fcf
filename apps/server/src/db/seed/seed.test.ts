import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_FILTERS, SORTS } from '@flowbay/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { seedDemo } from './seed.ts';
import { PLATFORMS, USE_CASES } from './taxonomy.ts';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  ctx = await createTestApp();
  first = await seedDemo(ctx.db, ctx.storage);
});
afterAll(() => ctx.close());

const list = async (query: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/workflows?${query}` })).json();

describe('demo content', () => {
  it('lists at least 30 approved workflows, free and paid, in English and Vietnamese', async () => {
    expect(first).toEqual({ seeded: true, workflows: 33 });
    const all = await list('limit=48');
    expect(all.totalCount).toBe(33);
    const titles: string[] = all.workflows.map((workflow: { title: string }) => workflow.title);
    expect(
      titles.some((title) => /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i.test(title)),
    ).toBe(true);
    expect(titles.some((title) => /^[\x20-\x7e]+$/.test(title))).toBe(true);
  });

  it('gives every platform, use case, price band and sort something to show, over several pages', async () => {
    for (const platform of PLATFORMS)
      expect((await list(`category=${platform.id}`)).filteredCount, platform.id).toBeGreaterThan(0);
    for (const useCase of USE_CASES)
      expect((await list(`subcategory=${useCase.id}`)).filteredCount, useCase.id).toBeGreaterThan(0);
    for (const price of PRICE_FILTERS)
      expect((await list(`price=${price}`)).filteredCount, price).toBeGreaterThan(0);
    for (const sort of SORTS) expect((await list(`sort=${sort}`)).workflows, sort).toHaveLength(12);
    expect((await list('page=2')).workflows).toHaveLength(9);
  });

  it('stores real files whose parsed graph matches the card', async () => {
    const [card] = (await list('category=zapier&price=free')).workflows;
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${card.id}` })).json();
    const file = await ctx.app.inject({ method: 'GET', url: detail.file_url });
    expect(file.statusCode).toBe(200);
    expect(JSON.parse(file.body).zaps).toHaveLength(2);
    expect(detail.node_summary).toMatchObject({ platform: 'zapier', workflowCount: 2 });
  });

  it('gives paid workflows a cover that is served, and counts real favourites', async () => {
    const paid = (await list('price=paid&limit=48')).workflows;
    for (const workflow of paid)
      expect(workflow.cover_image_url, workflow.title).toMatch(/^\/files\/covers\//);
    const cover = await ctx.app.inject({ method: 'GET', url: paid[0].cover_image_url });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    const stars = await Promise.all(
      [...new Set<string>(paid.map((workflow: { user_id: string }) => workflow.user_id))].map(
        async (id) =>
          (await ctx.app.inject({ method: 'GET', url: `/api/author-stats/${id}` })).json().totalFavorites,
      ),
    );
    expect(stars.reduce((sum, value) => sum + value, 0)).toBeGreaterThan(0);
  });

  it('seeds only an empty database, so a second start keeps the data', async () => {
    expect(await seedDemo(ctx.db, ctx.storage)).toEqual({ seeded: false, workflows: 0 });
    expect((await list('')).totalCount).toBe(33);
  });
});
