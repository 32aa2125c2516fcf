import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingTranslation, WorkflowList } from '@flowbay/domain';
import { workflows } from '../../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { signInAs } from '../../../test/auth.ts';
import { createUser, createWorkflow } from '../../../test/factories.ts';

let ctx: TestContext;
const ids: Record<string, string> = {};
let author: Awaited<ReturnType<typeof createUser>>;

async function list(query: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/workflows?${new URLSearchParams(query).toString()}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as WorkflowList;
}
const idsOf = (body: WorkflowList) => body.workflows.map((card) => card.id);

/** A listed workflow written in `language`, with or without a translation. */
async function listing(
  key: string,
  input: { title: string; description: string; language: 'en' | 'vi'; translation?: ListingTranslation },
) {
  const row = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.id,
    title: input.title,
    description: input.description,
  });
  await ctx.db
    .update(workflows)
    .set({ language: input.language, translation: input.translation ?? null })
    .where(eq(workflows.id, row.id));
  ids[key] = row.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  author = await createUser(ctx.db);
  await listing('weather', {
    title: 'Weekly weather digest',
    description: 'Posts the forecast for your city to Slack every Monday morning.',
    language: 'en',
  });
  await listing('invoices', {
    title: 'Gửi hóa đơn qua Zalo',
    description: 'Tạo hóa đơn từ đơn hàng mới và gửi cho khách qua Zalo.',
    language: 'vi',
  });
  // Translated: "tưới cây" (watering plants) is only in its Vietnamese translation.
  await listing('plants', {
    title: 'Smart plant watering',
    description: 'Reads a soil sensor and opens the valve when the soil is dry.',
    language: 'en',
    translation: {
      title: 'Tưới cây thông minh',
      description: 'Đọc cảm biến độ ẩm đất và mở van khi đất khô.',
      faq: [],
    },
  });
  // Mentions the same words deep in its description: the translated title must rank above it.
  await listing('garden', {
    title: 'Garden journal',
    description: `${'Keeps notes of every bed and harvest. '.repeat(12)}Nhắc lịch tưới cây cho vườn.`,
    language: 'en',
  });
});
afterAll(() => ctx.close());

describe('searching listings written in two languages', () => {
  it('finds a listing by its translation, the translated title ranking like a title', async () => {
    const found = await list({ search: 'tưới cây' });
    expect(idsOf(found)).toEqual([ids.plants, ids.garden]);
    // Without accents too, and by the translated description.
    expect(idsOf(await list({ search: 'cam bien do am' }))).toEqual([ids.plants]);
    // Its original words still find it.
    expect(idsOf(await list({ search: 'plant watering' }))).toEqual([ids.plants]);
  });

  it('finds an English-only listing by a Vietnamese query and a Vietnamese-only one by an English query', async () => {
    expect(idsOf(await list({ search: 'thời tiết' }))).toEqual([ids.weather]);
    expect(idsOf(await list({ search: 'invoice' }))).toEqual([ids.invoices]);
  });

  it('keeps to the listings available in the visitor language, with facets counting the same listings', async () => {
    const vietnamese = await list({ in_language: 'vi' });
    expect(new Set(idsOf(vietnamese))).toEqual(new Set([ids.invoices, ids.plants]));
    expect(vietnamese.filteredCount).toBe(2);
    expect(vietnamese.totalCount).toBe(4);
    expect(vietnamese.facets?.platforms).toEqual([{ id: 'n8n', count: 2 }]);
    expect(vietnamese.facets?.price.find((band) => band.band === 'free')?.count).toBe(2);

    const english = await list({ in_language: 'en' });
    expect(new Set(idsOf(english))).toEqual(new Set([ids.weather, ids.plants, ids.garden]));
    expect(english.facets?.platforms).toEqual([{ id: 'n8n', count: 3 }]);

    // With words: the Vietnamese query finds the English-only garden journal, but not among Vietnamese listings.
    expect(idsOf(await list({ search: 'tưới cây', in_language: 'vi' }))).toEqual([ids.plants]);
  });

  it('sees a translation added to a listed workflow at the next search', async () => {
    // Each request differs in its address: anonymous answers are cached for a few seconds by address.
    expect(idsOf(await list({ search: 'dự báo' }))).toEqual([]);
    await ctx.db
      .update(workflows)
      .set({
        translation: {
          title: 'Bản tin thời tiết hằng tuần',
          description: 'Gửi dự báo thời tiết của thành phố lên Slack mỗi sáng thứ Hai.',
          faq: [],
        },
      })
      .where(eq(workflows.id, ids.weather!));
    expect(idsOf(await list({ search: 'dự báo', page: '0' }))).toEqual([ids.weather]);
    expect(idsOf(await list({ in_language: 'vi', search: 'bản tin' }))).toEqual([ids.weather]);
    await ctx.db.update(workflows).set({ translation: null }).where(eq(workflows.id, ids.weather!));
    expect(idsOf(await list({ search: 'dự báo', sort: 'relevance' }))).toEqual([]);
  });

  it("searches an author's own list (a database query) in the translation too", async () => {
    const session = await signInAs(ctx, author);
    const own = await list({ user_id: 'me', search: 'tưới cây' }, session.headers);
    expect(idsOf(own)).toEqual([ids.plants, ids.garden]);
    // The typo vocabulary learnt the words of a translation added after the listing was written.
    const typo = await list({ user_id: 'me', search: 'thong minhh' }, session.headers);
    expect(idsOf(typo)).toEqual([ids.plants]);
  });
});
