import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  detectListingLanguage,
  listingLanguages,
  listingTextFor,
  PRICE_FILTERS,
  SORTS,
  type ListingLanguage,
} from '@flowbay/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { workflows } from '../schema.ts';
import { seedDemo } from './seed.ts';
import { PLATFORMS, USE_CASES } from './taxonomy.ts';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  ctx = await createTestApp();
  first = await seedDemo(ctx.db, ctx.storage);
});
afterAll(() => ctx.close());

const list = async (query: string, language: ListingLanguage = 'en') =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/workflows?${query}`,
      headers: { 'x-language': language },
    })
  ).json();

// Letters only Vietnamese uses among the two languages (tone marks and ă â đ ê ô ơ ư).
const VIETNAMESE_LETTER = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu;

interface DemoCard {
  title: string;
  language: ListingLanguage;
  languages: ListingLanguage[];
  shown_language: ListingLanguage;
}

describe('demo content', () => {
  it('lists at least 30 approved workflows, free and paid, written in English or Vietnamese', async () => {
    expect(first).toEqual({ seeded: true, workflows: 33 });
    const all = await list('limit=48');
    expect(all.totalCount).toBe(33);
    const originals = new Set(all.workflows.map((card: DemoCard) => card.language));
    expect([...originals].sort()).toEqual(['en', 'vi']);
  });

  it("shows every demo card in the visitor's language, English or Vietnamese", async () => {
    const english: DemoCard[] = (await list('limit=48', 'en')).workflows;
    const vietnamese: DemoCard[] = (await list('limit=48', 'vi')).workflows;
    expect(english).toHaveLength(33);
    expect(vietnamese).toHaveLength(33);
    for (const card of english) {
      expect(card.title).not.toMatch(VIETNAMESE_LETTER);
      expect(card.shown_language, card.title).toBe('en');
      expect([...card.languages].sort(), card.title).toEqual(['en', 'vi']);
    }
    for (const card of vietnamese) {
      expect(card.title).toMatch(VIETNAMESE_LETTER);
      expect(card.shown_language, card.title).toBe('vi');
    }
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

/** What a description's Markdown is built of: paragraphs, bold spans, numbered and bulleted items. */
const markdownShape = (text: string) => ({
  paragraphs: text.split(/\n{2,}/u).length,
  bold: text.match(/\*\*/gu)?.length ?? 0,
  numbered: text.match(/^\d+\. /gmu)?.length ?? 0,
  bullets: text.match(/^[-*] /gmu)?.length ?? 0,
});

describe('demo listings in both languages', () => {
  it('gives every demo workflow a title and description in English and in Vietnamese', async () => {
    const rows = await ctx.db
      .select({
        slug: workflows.slug,
        language: workflows.language,
        title: workflows.title,
        description: workflows.description,
        faq: workflows.faq,
        translation: workflows.translation,
      })
      .from(workflows);
    expect(rows).toHaveLength(33);
    const originals = new Set(rows.map((row) => row.language));
    expect([...originals].sort(), 'some demo listings are written in each language').toEqual(['en', 'vi']);
    for (const row of rows) {
      expect(listingLanguages(row).sort(), row.slug).toEqual(['en', 'vi']);
      // The original language is the one its text is written in, as the server would detect it.
      expect(row.language, row.slug).toBe(detectListingLanguage(`${row.title} ${row.description}`));
      const shown = (language: ListingLanguage) => {
        const text = listingTextFor(row, language);
        expect(text.language, `${row.slug} in ${language}`).toBe(language);
        return text;
      };
      const en = shown('en');
      const vi = shown('vi');
      expect(vi.title, row.slug).not.toBe(en.title);
      expect(vi.description, row.slug).not.toBe(en.description);
      expect(vi.title, row.slug).toMatch(VIETNAMESE_LETTER);
      expect(detectListingLanguage(`${vi.title} ${vi.description}`), vi.title).toBe('vi');
      expect(`${en.title}\n${en.description}`, en.title).not.toMatch(VIETNAMESE_LETTER);
      expect(markdownShape(vi.description), row.slug).toEqual(markdownShape(en.description));
      // A FAQ is translated question by question, never shown in the other language.
      expect(row.translation?.faq ?? [], row.slug).toHaveLength(row.faq.length);
      vi.faq.forEach((item, index) => {
        const english = en.faq[index]!;
        expect(`${item.question}\n${item.answer}`, row.slug).toMatch(VIETNAMESE_LETTER);
        expect(`${english.question}\n${english.answer}`, row.slug).not.toMatch(VIETNAMESE_LETTER);
      });
    }
    expect(rows.filter((row) => row.faq.length > 0).length, 'demo listings with a FAQ').toBeGreaterThan(0);
  });

  it("answers a demo listing's FAQ in the visitor's language on its page", async () => {
    const detail = async (language: ListingLanguage) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/workflows/trich-xuat-du-lieu-hoa-don-bang-llamaparse-va-openai',
          headers: { 'x-language': language },
        })
      ).json() as { title: string; faq: Array<{ question: string }> };
    const vietnamese = await detail('vi');
    const english = await detail('en');
    expect(vietnamese.title).toBe('Trích xuất dữ liệu hóa đơn bằng LlamaParse và OpenAI');
    expect(english.title).toBe('Extract invoice data with LlamaParse and OpenAI');
    expect(vietnamese.faq.map((item) => item.question)).toContain(
      'Quy trình có đọc được hóa đơn scan không?',
    );
    expect(english.faq.map((item) => item.question)).toContain('Does it read scanned invoices?');
  });
});
