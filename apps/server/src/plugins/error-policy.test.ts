import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageFor } from '../lib/messages.ts';
import errorPolicy from './error-policy.ts';

/** The 500 path: what a caller sees and what the log keeps when a route fails in a way nobody planned. */
describe('error policy on an unexpected failure', () => {
  const logged: { level: number; msg: string; err?: { message?: string } }[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  });

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorPolicy);
    app.get('/api/throws', async () => {
      throw new Error('connection to 10.0.0.7 refused: password=hunter2');
    });
    app.get(
      '/api/breaks-its-schema',
      { schema: { response: { 200: z.object({ id: z.string() }) } } },
      // An answer its schema refuses: the serializer fails after the handler returned.
      async () => ({ id: 42 }) as never,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const lastError = () => logged.filter((line) => line.level >= 50).at(-1);

  for (const [language, header] of [
    ['en', 'en'],
    ['vi', 'vi-VN,vi;q=0.9'],
  ] as const) {
    it(`answers a throwing route with 500 INTERNAL_ERROR in ${language}, no internals, and logs it`, async () => {
      const response = await app.inject({ url: '/api/throws', headers: { 'accept-language': header } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'INTERNAL_ERROR', message: messageFor('INTERNAL_ERROR', language) },
      });
      expect(response.body).not.toMatch(/hunter2|10\.0\.0\.7|stack|Error:/);
      expect(lastError()?.msg).toBe('unhandled error');
      expect(lastError()?.err?.message).toContain('hunter2');
    });
  }

  it('answers 500 when an answer breaks its response schema, and logs that it did', async () => {
    const response = await app.inject({ url: '/api/breaks-its-schema' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: messageFor('INTERNAL_ERROR', 'en') },
    });
    expect(response.body).not.toContain('42');
    expect(lastError()?.msg).toBe('response did not match its schema');
  });
});
