import sharp from 'sharp';
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
      '/api/icons/slack.gif',
      '/api/icons/slack.svg.png',
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

describe('GET /api/icons/:key.png', () => {
  /** The colours of the picture's opaque pixels, as "r,g,b" strings. */
  async function opaqueColours(png: Buffer) {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    for (let at = 0; at < data.length; at += info.channels)
      if (data[at + 3]! > 200) colours.add(`${data[at]},${data[at + 1]},${data[at + 2]}`);
    return colours;
  }

  it('is the same icon as the SVG, 64×64 pixels on a transparent ground, with the long cache', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/icons/telegram.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toMatch(/public, max-age=2592000/);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 64, 64, true]);
    // Telegram's blue, as the SVG's gradient starts it (#2aabee), is what the picture is drawn in.
    const svg = (await ctx.app.inject({ method: 'GET', url: '/api/icons/telegram.svg' })).body;
    expect(svg).toContain('stop-color="#2aabee"');
    const blues = [...(await opaqueColours(response.rawPayload))].filter((rgb) => {
      const [r, g, b] = rgb.split(',').map(Number) as [number, number, number];
      return Math.abs(r - 0x2a) < 24 && Math.abs(g - 0xab) < 24 && Math.abs(b - 0xee) < 24;
    });
    expect(blues.length).toBeGreaterThan(0);
  });

  it('draws the generic icon for an unknown app, and each app its own picture', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/icons/no-such-app-here.png' });
    const slack = await ctx.app.inject({ method: 'GET', url: '/api/icons/slack.png' });
    expect(unknown.statusCode).toBe(200);
    expect(slack.statusCode).toBe(200);
    expect((await sharp(unknown.rawPayload).metadata()).width).toBe(64);
    expect(Buffer.compare(unknown.rawPayload, slack.rawPayload)).not.toBe(0);
    // Asked again, the same bytes (drawn once, then remembered).
    const again = await ctx.app.inject({ method: 'GET', url: '/api/icons/slack.png' });
    expect(Buffer.compare(again.rawPayload, slack.rawPayload)).toBe(0);
  });
});
