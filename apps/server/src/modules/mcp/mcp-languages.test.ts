import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingTranslation } from '@flowbay/domain';
import { workflows } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';

const ctx = useTestApp({ env: { PUBLIC_URL: 'https://flowbay.test' } });
let url = '';
const ids: Record<string, string> = {};

/** The SDK's own client over Streamable HTTP, sending these headers with every request. */
async function connect(headers: Record<string, string> = {}) {
  const client = new Client({ name: 'flowbay-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

interface Found {
  id: string;
  title: string;
  description: string;
  language: string;
  price_text: string;
}
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  return result.structuredContent as unknown as Found & { workflows: Found[] };
}

async function listing(
  key: string,
  input: { title: string; description: string; language: 'en' | 'vi'; translation?: ListingTranslation },
) {
  const author = await createUser(ctx.db);
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
  url = `${await ctx.app.listen({ port: 0, host: '127.0.0.1' })}/mcp`;
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
  await listing('zalo', {
    title: 'Gửi hóa đơn qua Zalo',
    description: 'Tạo hóa đơn và gửi cho khách qua Zalo.',
    language: 'vi',
  });
});

describe('MCP tools answer in the language asked for', () => {
  it('search_templates gives titles and descriptions in lang where the author wrote them', async () => {
    const client = await connect();
    const vietnamese = await call(client, 'search_templates', { query: 'soil sensor', lang: 'vi' });
    expect(vietnamese.workflows).toMatchObject([
      {
        id: ids.plants,
        title: 'Tưới cây thông minh',
        description: 'Đọc cảm biến độ ẩm đất và mở van khi đất khô.',
        language: 'vi',
        price_text: 'Miễn phí',
      },
    ]);
    const english = await call(client, 'search_templates', { query: 'tưới cây', lang: 'en' });
    expect(english.workflows).toMatchObject([
      { id: ids.plants, title: 'Smart plant watering', language: 'en', price_text: 'Free' },
    ]);
    // Written in Vietnamese only: the original, saying which language it is in.
    const invoice = await call(client, 'search_templates', { query: 'invoice', lang: 'en' });
    expect(invoice.workflows).toMatchObject([
      { id: ids.zalo, title: 'Gửi hóa đơn qua Zalo', language: 'vi' },
    ]);
    await client.close();
  });

  it('get_template gives the texts in lang where the author wrote them', async () => {
    const client = await connect();
    expect(await call(client, 'get_template', { id: ids.plants, lang: 'vi' })).toMatchObject({
      title: 'Tưới cây thông minh',
      description: 'Đọc cảm biến độ ẩm đất và mở van khi đất khô.',
      language: 'vi',
    });
    expect(await call(client, 'get_template', { id: ids.plants, lang: 'en' })).toMatchObject({
      title: 'Smart plant watering',
      language: 'en',
    });
    expect(await call(client, 'get_template', { id: ids.zalo, lang: 'en' })).toMatchObject({
      title: 'Gửi hóa đơn qua Zalo',
      language: 'vi',
    });
    await client.close();
  });

  it("answers in the request's language when lang is left out", async () => {
    const vietnamese = await connect({ 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' });
    expect((await call(vietnamese, 'search_templates', { query: 'soil' })).workflows).toMatchObject([
      { title: 'Tưới cây thông minh', price_text: 'Miễn phí' },
    ]);
    expect(await call(vietnamese, 'get_template', { id: ids.plants })).toMatchObject({
      title: 'Tưới cây thông minh',
    });
    await vietnamese.close();

    const english = await connect();
    expect((await call(english, 'search_templates', { query: 'soil' })).workflows).toMatchObject([
      { title: 'Smart plant watering', price_text: 'Free' },
    ]);
    expect(await call(english, 'get_template', { id: ids.plants })).toMatchObject({
      title: 'Smart plant watering',
    });
    await english.close();
  });
});
