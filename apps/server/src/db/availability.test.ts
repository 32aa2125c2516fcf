import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { freePort } from '../test/server-process.ts';
import { isDatabaseUnavailable } from './availability.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

const AUTH_SECRET = 'a-test-secret-of-at-least-32-characters';
/** A well-signed session cookie, so the session lookup reaches the database. */
const SESSION_COOKIE = (() => {
  const token = 'session-token-of-someone';
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
})();

/** A server that accepts TCP connections and never says a word: a database host that stopped answering. */
async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The app as the server builds it, on a PostgreSQL address that cannot serve. */
async function appOn(url: string, connectTimeoutMs: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowbay-db-down-'));
  const warnings: string[] = [];
  const database: DatabaseHandle = await openDatabase({
    kind: 'postgres',
    url,
    connectTimeoutMs,
    onConnectionError: (error) => warnings.push(error.message),
  });
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUTH_SECRET,
  });
  const app = await buildApp({ env, database, logger: false, webDist: null });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Fails the test with a clear message instead of waiting for Vitest's timeout when a request hangs. */
async function injectWithin(app: FastifyInstance, request: InjectOptions, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${request.method} ${request.url} hung for ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([app.inject(request), hang]);
  } finally {
    clearTimeout(timer);
  }
}

const REQUESTS: InjectOptions[] = [
  { method: 'GET', url: '/api/workflows?search=outage' },
  // A signed-in caller: the session lookup itself needs the database.
  { method: 'GET', url: '/api/favorites', headers: { cookie: SESSION_COOKIE } },
  // Better Auth's own endpoints (rate limit table, user lookup).
  {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: 'someone@example.test', password: 'correct horse battery' },
  },
];

describe('while PostgreSQL cannot be reached', () => {
  describe('connection refused (the database is down)', () => {
    let running: Awaited<ReturnType<typeof appOn>>;
    beforeAll(async () => {
      running = await appOn(`postgres://flowbay@127.0.0.1:${await freePort()}/flowbay`, 2_000);
    });
    afterAll(() => running?.close());

    it('stays alive (/api/health 200) and not ready (/api/ready 503, the database check failed)', async () => {
      const health = await injectWithin(running.app, { method: 'GET', url: '/api/health' }, 10_000);
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', database: 'postgres' });
      const ready = await injectWithin(running.app, { method: 'GET', url: '/api/ready' }, 10_000);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'unreachable', migrations: 'unknown' },
      });
    });

    it.each(REQUESTS.map((request) => [`${request.method} ${request.url}`, request] as const))(
      '%s answers 503 DATABASE_UNAVAILABLE at once, in the caller language',
      async (_name, request) => {
        const english = await injectWithin(running.app, request, 10_000);
        expect(english.statusCode, english.body).toBe(503);
        expect(english.headers['retry-after']).toBe('5');
        expect(english.json().error).toEqual({
          code: 'DATABASE_UNAVAILABLE',
          message: 'The service is briefly unavailable. Please try again in a few seconds.',
        });
        const vietnamese = await injectWithin(
          running.app,
          { ...request, headers: { ...request.headers, 'accept-language': 'vi-VN,vi;q=0.9' } },
          10_000,
        );
        expect(vietnamese.statusCode).toBe(503);
        expect(vietnamese.json().error.message).toBe(
          'Dịch vụ tạm thời gián đoạn. Vui lòng thử lại sau vài giây.',
        );
      },
    );
  });

  describe('a host that accepts the connection and never answers', () => {
    let silent: Awaited<ReturnType<typeof startSilentServer>>;
    let running: Awaited<ReturnType<typeof appOn>>;
    beforeAll(async () => {
      silent = await startSilentServer();
      running = await appOn(`postgres://flowbay@127.0.0.1:${silent.port}/flowbay`, 300);
    });
    afterAll(async () => {
      await running?.close();
      await silent?.close();
    });

    it('gives up after the connect timeout with 503, so requests do not hang', async () => {
      const ready = await injectWithin(running.app, { method: 'GET', url: '/api/ready' }, 10_000);
      expect(ready.statusCode).toBe(503);
      expect(['unreachable', 'timeout']).toContain(ready.json().checks.database);
      const listing = await injectWithin(running.app, REQUESTS[1]!, 10_000);
      expect(listing.statusCode).toBe(503);
    });
  });
});

describe('isDatabaseUnavailable', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('recognises a lost or refused connection, also wrapped by Drizzle', () => {
    const terminated = pgError('57P01', 'terminating connection due to administrator command');
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], terminated))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const refused = new AggregateError([pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')], '');
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('leaves query faults alone: they stay 500s or domain errors', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(pgError('42601', 'syntax error at or near "selec"'))).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select', [], pgError('22P02', 'bad uuid')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
