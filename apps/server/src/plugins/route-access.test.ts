import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Viewer } from '../infra/request-viewer.ts';
import type { Access } from '../lib/guards.ts';
import errorPolicy from './error-policy.ts';
import viewerPlugin from './viewer-plugin.ts';

const USERS: Record<string, Viewer> = {
  user: { kind: 'user', id: 'u1', email: 'u@example.test', emailVerified: true, sessionId: 's1' },
  admin: { kind: 'admin', id: 'a1', email: 'a@example.test', emailVerified: true, sessionId: 's2' },
};

/** A small app with the error policy and the viewer plugin; `authorization: <name>` signs in as USERS[name]. */
async function appWith(routes: Partial<RouteOptions>[]) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorPolicy);
  await app.register(viewerPlugin, {
    resolveViewer: async (headers) => USERS[headers.get('authorization') ?? ''] ?? { kind: 'anonymous' },
  });
  for (const route of routes)
    app.route({ method: 'POST', handler: async () => ({ ok: true }), ...route } as RouteOptions);
  await app.ready();
  return app;
}

const body = { schema: { body: z.object({ name: z.string() }) } };
const declared = (url: string, access: Access) => ({ url, config: { access }, ...body });

describe('route access declared on the route', () => {
  it('refuses an /api/ route without access at start, naming it', async () => {
    await expect(appWith([{ url: '/api/forgotten' }])).rejects.toThrow(
      /POST \/api\/forgotten declares no access/,
    );
  });

  it('refuses a public route without a reason', async () => {
    await expect(appWith([declared('/api/open', { kind: 'public', reason: ' ' })])).rejects.toThrow(
      /public without a reason/,
    );
  });

  it('enforces signed-in and admin before the input is checked, with the usual error shapes', async () => {
    const app = await appWith([
      declared('/api/open', { kind: 'public', reason: 'a test' }),
      declared('/api/mine', 'signed-in'),
      declared('/api/admin/thing', 'admin'),
    ]);
    const call = async (url: string, as?: string, payload: unknown = [0]) => {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: as ? { authorization: as } : {},
      });
      return [response.statusCode, response.json().error?.code ?? 'ok'];
    };
    expect(await call('/api/open')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await call('/api/mine')).toEqual([401, 'UNAUTHENTICATED']);
    expect(await call('/api/mine', 'user')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await call('/api/mine', 'user', { name: 'x' })).toEqual([200, 'ok']);
    expect(await call('/api/admin/thing')).toEqual([401, 'UNAUTHENTICATED']);
    expect(await call('/api/admin/thing', 'user')).toEqual([403, 'FORBIDDEN']);
    expect(await call('/api/admin/thing', 'admin', { name: 'x' })).toEqual([200, 'ok']);
    await app.close();
  });
});
