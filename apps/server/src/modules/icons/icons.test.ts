import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/icons/:key.svg', () => {
  it('draws a brand icon in its colour with a long cache', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/icons/telegram.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/public, max-age=2592000/);
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(response.body).toContain('<title>Telegram</title>');
    expect(response.body).toMatch(/fill="(#[0-9A-Fa-f]{6}|url\(#[^)]+\))"/);
  });

  it('draws Slack, OpenAI, Outlook, Excel, Azure OpenAI and Monday with their brand marks', async () => {
    for (const key of ['slack', 'openai', 'microsoft-outlook', 'microsoft-excel', 'azure-openai', 'monday']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/icons/${key}.svg` });
      expect(response.statusCode, key).toBe(200);
      // Generic glyphs are drawn with a slate stroke on the root; brand marks never are.
      expect(response.body, key).not.toMatch(/^<svg[^>]*stroke="#(334155|94a3b8)"/);
    }
  });

  it('falls back to a generic icon for an unknown app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/icons/no-such-app-here.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('stroke=');
  });

  it('refuses keys that are not app keys', async () => {
    for (const url of [
      '/api/icons/slack.png',
      '/api/icons/..%2Fsecret.svg',
      '/api/icons/Slack.svg',
      '/api/icons/.svg',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
