import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflows } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';

let ctx: TestContext;
const ids: Record<string, string> = {};

const image = (id: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/og/workflows/${id}.png${query}` });

beforeAll(async () => {
  // A built web app, so the detail page's head is served.
  const dist = mkdtempSync(join(tmpdir(), 'flowbay-og-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--><title>x</title><!--/app-head--></head><body></body></html>',
  );
  ctx = await createTestApp({ env: { PUBLIC_URL: 'https://flowbay.example' }, app: { webDist: dist } });
  const author = await createUser(ctx.db, { name: 'Phạm Thu Hà' });
  const make = async (key: string, input: Omit<Parameters<typeof createWorkflow>[2], 'userId'>) => {
    ids[key] = (await createWorkflow(ctx.db, ctx.storage, { userId: author.id, ...input })).id;
  };
  await make('free', {
    title: 'Quản lý đơn hàng tự động',
    apps: [
      { key: 'shopify', name: 'Shopify' },
      { key: 'slack', name: 'Slack' },
    ],
  });
  await make('paid', { title: 'Báo cáo doanh thu hằng tuần', price: 499_000 });
  // Written in Vietnamese with an English translation, and two listings written as its two titles.
  const apps = [{ key: 'zalo', name: 'Zalo' }];
  await make('translated', { title: 'Nhắc lịch hẹn qua Zalo', apps });
  await ctx.db
    .update(workflows)
    .set({
      language: 'vi',
      translation: { title: 'Appointment reminders on Zalo', description: '', faq: [] },
    })
    .where(eq(workflows.id, ids.translated!));
  await make('englishTwin', { title: 'Appointment reminders on Zalo', apps });
  await make('vietnameseTwin', { title: 'Nhắc lịch hẹn qua Zalo', apps });
  await ctx.db.update(workflows).set({ language: 'vi' }).where(eq(workflows.id, ids.vietnameseTwin!));
  await make('pending', { title: 'Waiting for review', status: 'pending' });
  await make('unlisted', { title: 'Taken down', status: 'unlisted' });
  await make('deleted', { title: 'Deleted', deleted: true });
});
afterAll(() => ctx.close());

describe('GET /og/workflows/:id.png', () => {
  it('draws a 1200×630 PNG for a free and a paid listed workflow', async () => {
    for (const id of [ids.free!, ids.paid!]) {
      const response = await image(id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    }
  });

  it('draws the price in the language asked for', async () => {
    const english = await image(ids.paid!);
    const vietnamese = await image(ids.paid!, '?lang=vi');
    expect(vietnamese.statusCode).toBe(200);
    expect(Buffer.compare(english.rawPayload, vietnamese.rawPayload)).not.toBe(0);
  });

  it('draws the title in the language asked for where the author wrote it', async () => {
    const same = async (a: string, b: string, query: string) =>
      Buffer.compare((await image(a, query)).rawPayload, (await image(b, query)).rawPayload) === 0;
    // In English it is the picture of the listing written with the English title; in Vietnamese, of the other.
    expect(await same(ids.translated!, ids.englishTwin!, '?lang=en')).toBe(true);
    expect(await same(ids.translated!, ids.vietnameseTwin!, '?lang=vi')).toBe(true);
    expect(await same(ids.translated!, ids.vietnameseTwin!, '?lang=en')).toBe(false);
    // Written in Vietnamese only: its Vietnamese title in English too.
    expect(await same(ids.vietnameseTwin!, ids.englishTwin!, '?lang=en')).toBe(false);
  });

  it("links the detail page's og:image in the page's language", async () => {
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.translated}` })).json();
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/workflows/${detail.slug}-${ids.translated}?lang=vi`,
    });
    const match = /<meta property="og:image" content="([^"]+)"/.exec(page.body);
    expect(match?.[1]).toMatch(/\.png\?v=[0-9a-z]+&amp;lang=vi$/);
  });

  it('draws a new picture once the title changes, and the same one while nothing changes', async () => {
    const before = (await image(ids.free!)).rawPayload;
    expect(Buffer.compare((await image(ids.free!)).rawPayload, before)).toBe(0);
    await ctx.db
      .update(workflows)
      .set({ title: 'Quản lý kho hàng tự động', updatedAt: new Date() })
      .where(eq(workflows.id, ids.free!));
    const after = await image(ids.free!);
    expect(after.statusCode).toBe(200);
    expect(Buffer.compare(after.rawPayload, before)).not.toBe(0);
  });

  it('answers 404 for a workflow that is not listed, and 400 for a name that is not an id', async () => {
    for (const id of [ids.pending!, ids.unlisted!, ids.deleted!, '00000000-0000-4000-8000-000000000000']) {
      const response = await image(id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('WORKFLOW_NOT_FOUND');
    }
    expect((await image('not-an-id')).statusCode).toBe(400);
  });

  it("is the detail page's og:image, with a stamp that changes with the workflow", async () => {
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${ids.paid}` })).json();
    const page = await ctx.app.inject({ method: 'GET', url: `/workflows/${detail.slug}-${ids.paid}` });
    const match = /<meta property="og:image" content="([^"]+)"/.exec(page.body);
    expect(match?.[1]).toMatch(
      new RegExp(`^https://flowbay\\.example/og/workflows/${ids.paid}\\.png\\?v=[0-9a-z]+$`),
    );
    const path = match![1]!.replace('https://flowbay.example', '');
    const served = await ctx.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
  });
});
