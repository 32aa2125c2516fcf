import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

/** A stand-in LibreTranslate server: answers `[target] text`, records calls, can be told to fail. */
function startFakeLibreTranslate() {
  const calls: { q: string[]; target: string; api_key?: string; source: string }[] = [];
  let failWith: number | null = null;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/translate') {
        response.writeHead(404).end();
        return;
      }
      const input = JSON.parse(body) as { q: string[]; target: string; api_key?: string; source: string };
      calls.push(input);
      if (failWith) {
        response
          .writeHead(failWith, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'boom' }));
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ translatedText: input.q.map((text) => `[${input.target}] ${text}`) }));
    });
  });
  return {
    calls,
    fail: (status: number | null) => (failWith = status),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fake = startFakeLibreTranslate();
let ctx: TestContext;
let unconfigured: TestContext;

beforeAll(async () => {
  const url = await fake.listen();
  ctx = await createTestApp({ env: { TRANSLATE_URL: url, TRANSLATE_API_KEY: 'test-key-not-secret' } });
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  await unconfigured.close();
  await fake.close();
});
beforeEach(() => {
  fake.calls.length = 0;
  fake.fail(null);
});

const translate = (app: TestContext, body: unknown) =>
  app.app.inject({ method: 'POST', url: '/api/translate', payload: body as object });

describe('translation', () => {
  it('reports whether a provider is configured', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/translate' })).json()).toMatchObject({
      available: true,
      languages: expect.arrayContaining(['vi', 'en', 'ja']),
    });
    expect((await unconfigured.app.inject({ method: 'GET', url: '/api/translate' })).json()).toEqual({
      available: false,
      languages: [],
    });
  });

  it('translates title and description in order through LibreTranslate', async () => {
    const response = await translate(ctx, {
      texts: ['Send Slack alerts', 'When an order arrives'],
      target: 'vi',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      translations: ['[vi] Send Slack alerts', '[vi] When an order arrives'],
    });
    expect(fake.calls).toEqual([
      {
        q: ['Send Slack alerts', 'When an order arrives'],
        source: 'auto',
        target: 'vi',
        format: 'text',
        api_key: 'test-key-not-secret',
      },
    ]);
  });

  it('answers repeated texts from the database cache without calling the provider', async () => {
    await translate(ctx, { texts: ['Cached sentence'], target: 'ja' });
    expect(fake.calls).toHaveLength(1);
    const again = await translate(ctx, { texts: ['Cached sentence', 'A new one'], target: 'ja' });
    expect(again.json()).toEqual({ translations: ['[ja] Cached sentence', '[ja] A new one'] });
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]!.q).toEqual(['A new one']);
    // Another target language is another cache entry.
    await translate(ctx, { texts: ['Cached sentence'], target: 'fr' });
    expect(fake.calls).toHaveLength(3);
  });

  it('keeps empty texts as they are and does not send them', async () => {
    const response = await translate(ctx, { texts: ['Title only', ''], target: 'en' });
    expect(response.json()).toEqual({ translations: ['[en] Title only', ''] });
    expect(fake.calls[0]!.q).toEqual(['Title only']);
  });

  it('answers 502 TRANSLATION_UNAVAILABLE when the provider fails, and caches nothing', async () => {
    fake.fail(500);
    const failed = await translate(ctx, { texts: ['Provider down'], target: 'de' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('TRANSLATION_UNAVAILABLE');
    fake.fail(null);
    const retried = await translate(ctx, { texts: ['Provider down'], target: 'de' });
    expect(retried.json()).toEqual({ translations: ['[de] Provider down'] });
  });

  it('answers 503 TRANSLATION_UNAVAILABLE without a provider', async () => {
    const response = await translate(unconfigured, { texts: ['Hello'], target: 'vi' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('TRANSLATION_UNAVAILABLE');
  });

  it('validates the language and the number of texts', async () => {
    for (const body of [
      { texts: ['x'], target: 'xx' },
      { texts: [], target: 'vi' },
      { texts: ['a', 'b', 'c'], target: 'vi' },
      { target: 'vi' },
    ]) {
      const response = await translate(ctx, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(fake.calls).toHaveLength(0);
  });

  it('is rate-limited per client', async () => {
    let limited = null;
    for (let attempt = 0; attempt < 40 && !limited; attempt++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/translate',
        payload: { texts: ['Rate'], target: 'ko' },
        remoteAddress: '10.9.9.9',
      });
      if (response.statusCode === 429) limited = response;
    }
    expect(limited?.json().error.code).toBe('RATE_LIMITED');
  });
});
