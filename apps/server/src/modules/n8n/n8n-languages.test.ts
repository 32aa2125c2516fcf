import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingTranslation } from '@flowbay/domain';
import { workflows } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';

let ctx: TestContext;
const numbers: Record<string, number> = {};

async function json(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** A listed n8n workflow written in `language`, with or without a translation. */
async function listing(
  key: string,
  input: {
    title: string;
    description: string;
    language: 'en' | 'vi';
    translation?: ListingTranslation;
    price?: number;
    views: number;
  },
) {
  const author = await createUser(ctx.db);
  const row = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.id,
    title: input.title,
    description: input.description,
    price: input.price ?? 0,
    views: input.views,
    useCases: ['ecommerce'],
  });
  await ctx.db
    .update(workflows)
    .set({ language: input.language, translation: input.translation ?? null })
    .where(eq(workflows.id, row.id));
  numbers[key] = row.number;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_URL: 'https://flowbay.test' } });
  await listing('shopee', {
    title: 'Shopee orders to Google Sheets',
    description: 'Adds every new Shopee order to a sheet.',
    language: 'en',
    translation: {
      title: 'Đơn hàng Shopee vào Google Sheets',
      description: 'Thêm mỗi đơn hàng Shopee mới vào một trang tính.',
      faq: [],
    },
    views: 300,
  });
  await listing('zalo', {
    title: 'Gửi hóa đơn qua Zalo',
    description: 'Tạo hóa đơn và gửi cho khách qua Zalo.',
    language: 'vi',
    views: 200,
  });
  await listing('paid', {
    title: 'Đối soát thanh toán MoMo',
    description: 'Đối chiếu giao dịch MoMo với đơn hàng mỗi tối.',
    language: 'vi',
    translation: {
      title: 'MoMo payment reconciliation',
      description: 'Matches MoMo transactions with orders every evening.',
      faq: [],
    },
    price: 199_000,
    views: 100,
  });
});
afterAll(() => ctx.close());

const names = (body: { workflows: Array<{ name: string }> }) => body.workflows.map((item) => item.name);

describe('n8n templates API in both languages', () => {
  it('lists titles in English under /n8n and in Vietnamese under /n8n/vi, each where the listing has them', async () => {
    expect(names(await json('/n8n/templates/search?page=1&limit=20'))).toEqual([
      'Shopee orders to Google Sheets',
      // Written in Vietnamese only: n8n shows it as written.
      'Gửi hóa đơn qua Zalo',
      'MoMo payment reconciliation (199,000 VNĐ)',
    ]);
    const vietnamese = await json('/n8n/vi/templates/search?page=1&limit=20');
    expect(names(vietnamese)).toEqual([
      'Đơn hàng Shopee vào Google Sheets',
      'Gửi hóa đơn qua Zalo',
      'Đối soát thanh toán MoMo (199.000 VNĐ)',
    ]);
    expect(vietnamese.workflows[0].description).toBe('Thêm mỗi đơn hàng Shopee mới vào một trang tính.');
  });

  it('finds a listing by the words of its translation and answers in the base language', async () => {
    const found = await json(
      `/n8n/vi/templates/search?page=1&limit=20&search=${encodeURIComponent('trang tính')}`,
    );
    expect(names(found)).toEqual(['Đơn hàng Shopee vào Google Sheets']);
    const english = await json('/n8n/templates/search?page=1&limit=20&search=reconciliation');
    expect(names(english)).toEqual(['MoMo payment reconciliation (199,000 VNĐ)']);
  });

  it("gives one template's texts, its paid note and the imported name in the base language", async () => {
    const { workflow: detail } = await json(`/n8n/vi/templates/workflows/${numbers.shopee}`);
    expect(detail.name).toBe('Đơn hàng Shopee vào Google Sheets');
    expect(detail.description).toContain('Thêm mỗi đơn hàng Shopee mới vào một trang tính.');
    expect(detail.description).not.toContain('Adds every new Shopee order');

    const { workflow: english } = await json(`/n8n/templates/workflows/${numbers.shopee}`);
    expect(english.description).toContain('Adds every new Shopee order to a sheet.');

    const { workflow: paid } = await json(`/n8n/templates/workflows/${numbers.paid}`);
    expect(paid.workflow.name).toBe('MoMo payment reconciliation');
    expect(paid.workflow.nodes[0].parameters.content).toContain('## MoMo payment reconciliation');

    const imported = await json(`/n8n/vi/workflows/templates/${numbers.shopee}`);
    expect(imported.name).toBe('Đơn hàng Shopee vào Google Sheets');
    expect((await json(`/n8n/workflows/templates/${numbers.shopee}`)).name).toBe(
      'Shopee orders to Google Sheets',
    );
  });

  it('shows collections in the base language', async () => {
    const { collections } = await json('/n8n/vi/templates/collections');
    const { collection } = await json(`/n8n/vi/templates/collections/${collections[0].id}`);
    expect(names(collection)).toContain('Đơn hàng Shopee vào Google Sheets');
    expect(names(collection)).toContain('Gửi hóa đơn qua Zalo');
  });
});
