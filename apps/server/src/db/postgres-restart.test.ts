import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { signInAs, type TestSession } from '../test/auth.ts';
import { createUser } from '../test/factories.ts';
import { n8nExport } from '../test/publishing.ts';
import { spawnServer, type ServerProcess } from '../test/server-process.ts';
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailable,
  type ThrowawayPostgres,
} from '../test/throwaway-postgres.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { uploads } from './schema.ts';

// Runs in the PostgreSQL pass only, on a PostgreSQL instance of its own: restarting the shared one
// would break everybody else's tests.
const skipReason =
  inject('database').kind !== 'postgres'
    ? 'skipped: the restart test runs in the PostgreSQL pass (TEST_DATABASE_URL)'
    : throwawayPostgresUnavailable();

const AUTH_SECRET = 'restart-test-secret-of-at-least-32-characters';
const REQUEST_TIMEOUT_MS = 15_000;

interface Outcome {
  kind: 'read' | 'write' | 'ready';
  status: number;
  code?: string;
  /** The stored key of an acknowledged upload. */
  key?: string;
  ms: number;
}

let forwardedSequence = 0;
/** Every request its own client address (TRUST_PROXY), so the per-IP upload limit does not shape the load. */
const forwardedFor = () => {
  forwardedSequence += 1;
  return `203.0.${(forwardedSequence >> 8) & 255}.${forwardedSequence & 255}`;
};

async function timed(kind: Outcome['kind'], request: () => Promise<Response>): Promise<Outcome> {
  const started = performance.now();
  const response = await request();
  const text = await response.text();
  let body: { key?: string; error?: { code?: string } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON: the status says enough.
  }
  return {
    kind,
    status: response.status,
    code: body.error?.code,
    key: body.key,
    ms: performance.now() - started,
  };
}

/** Concurrent readers and writers against the server until `stop()`; every answer is recorded. */
function startLoad(server: ServerProcess, sessions: TestSession[]) {
  const outcomes: Outcome[] = [];
  const failures: unknown[] = [];
  let running = true;
  const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
  const loop = async (step: () => Promise<Outcome>) => {
    while (running) {
      try {
        outcomes.push(await step());
      } catch (error) {
        // A request that hung past its timeout or lost its connection: the test fails on these.
        failures.push(error);
      }
      await pause();
    }
  };
  const writer = (session: TestSession, index: number) => async () => {
    const form = new FormData();
    form.set('folder', 'workflows');
    form.set(
      'file',
      new Blob([n8nExport(`Restart load ${index}-${forwardedSequence}`)], { type: 'application/json' }),
      'workflow.json',
    );
    return timed('write', () =>
      fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        body: form,
        headers: { ...session.bearerHeaders, 'x-forwarded-for': forwardedFor() },
        signal: signal(),
      }),
    );
  };
  const reader = (session: TestSession, index: number) => async () =>
    index % 2 === 0
      ? timed('read', () =>
          fetch(`${server.url}/api/workflows?search=restart${forwardedSequence}`, { signal: signal() }),
        )
      : timed('read', () =>
          fetch(`${server.url}/api/favorites`, { headers: session.headers, signal: signal() }),
        );
  const ready = () => timed('ready', () => fetch(`${server.url}/api/ready`, { signal: signal() }));
  const loops = [
    ...sessions.map((session, index) => loop(writer(session, index))),
    ...sessions.map((session, index) => loop(reader(session, index))),
    loop(ready),
  ];
  return {
    outcomes,
    failures,
    /** Outcomes recorded from now on. */
    mark: () => outcomes.length,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Polls until `check` holds, giving up after `ms` (a deadline, not a sleep: it returns as soon as it holds). */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${ms} ms`);
}

describe.skipIf(skipReason)(`a PostgreSQL restart under load${skipReason ? ` (${skipReason})` : ''}`, () => {
  let postgres: ThrowawayPostgres;
  let server: ServerProcess;
  let observer: DatabaseHandle;
  let dataDir: string;
  let sessions: TestSession[];

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    dataDir = mkdtempSync(join(tmpdir(), 'flowbay-restart-'));
    server = await spawnServer({
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      AUTH_SECRET,
      TRUST_PROXY: 'true',
    });
    await server.ready();
    // The test's own connection to the same database: makes users and sessions, then checks the writes.
    observer = await openDatabase({
      kind: 'postgres',
      url: postgres.url,
      poolSize: 2,
      onConnectionError: () => undefined,
    });
    const env = loadEnv({ DATA_DIR: dataDir, AUTH_SECRET, SEED_DEMO: 'false' });
    sessions = [];
    for (let index = 0; index < 3; index += 1) {
      sessions.push(await signInAs({ db: observer.db, env }, await createUser(observer.db)));
    }
  });

  afterAll(async () => {
    if (server?.isRunning()) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await observer?.close();
    await postgres?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 DATABASE_UNAVAILABLE while it is down, serves again once it is back, and keeps every acknowledged write', async () => {
    const load = startLoad(server, sessions);
    const report: string[] = [];
    try {
      await within(
        20_000,
        () => load.outcomes.filter((o) => o.kind === 'write' && o.status === 201).length >= 5,
      );

      for (const mode of ['fast', 'immediate'] as const) {
        await postgres.stop(mode);
        const downFrom = load.mark();
        // While it is down: readiness and the API say so, quickly, and the process stays up (alive).
        // Down for a while, not a blink: several refused writes and readiness checks.
        const refused = (kind: Outcome['kind']) =>
          load.outcomes
            .slice(downFrom)
            .filter(
              (o) =>
                o.kind === kind &&
                o.status === 503 &&
                (kind === 'ready' || o.code === 'DATABASE_UNAVAILABLE'),
            ).length;
        await within(20_000, () => refused('write') >= 6 && refused('ready') >= 3);
        const health = await fetch(`${server.url}/api/health`);
        expect(health.status).toBe(200);
        const notReady = await fetch(`${server.url}/api/ready`);
        expect(notReady.status).toBe(503);
        expect(((await notReady.json()) as { checks: { database: string } }).checks.database).toBe(
          'unreachable',
        );
        const refusedWrite = await fetch(`${server.url}/api/favorites`, {
          headers: { ...sessions[0]!.bearerHeaders, 'accept-language': 'vi' },
        });
        expect(refusedWrite.status).toBe(503);
        expect(await refusedWrite.json()).toEqual({
          error: {
            code: 'DATABASE_UNAVAILABLE',
            message: 'Dịch vụ tạm thời gián đoạn. Vui lòng thử lại sau vài giây.',
          },
        });
        const outage = load.outcomes.slice(downFrom);
        expect(server.isRunning(), server.output()).toBe(true);

        await postgres.start();
        const upFrom = load.mark();
        // Back within seconds: the pool connects afresh on the next request.
        const recoveredMs = await within(20_000, async () => {
          const probe = await fetch(`${server.url}/api/ready`);
          return probe.status === 200;
        });
        await within(
          20_000,
          () => load.outcomes.slice(upFrom).filter((o) => o.kind === 'write' && o.status === 201).length >= 6,
        );
        report.push(
          `${mode}: ${outage.length} answers while down, back ${Math.round(recoveredMs)} ms after start`,
        );
      }
    } finally {
      await load.stop();
    }

    expect(load.failures, 'requests that hung or lost their connection').toEqual([]);
    expect(server.isRunning(), server.output()).toBe(true);
    // Never a 500: the database being away is a 503 with its code, everything else worked.
    const statuses = new Set(load.outcomes.map((o) => `${o.status} ${o.code ?? ''}`.trim()));
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['201', '200', '503 DATABASE_UNAVAILABLE']));
    const unexpected = load.outcomes.filter(
      (o) =>
        !(o.kind === 'ready' && o.status === 503) &&
        !['200', '201', '503 DATABASE_UNAVAILABLE'].includes(`${o.status} ${o.code ?? ''}`.trim()),
    );
    expect(unexpected, server.output()).toEqual([]);
    const slowest = Math.max(...load.outcomes.map((o) => o.ms));
    expect(slowest, 'no request waits past the connect timeout').toBeLessThan(REQUEST_TIMEOUT_MS);

    // No acknowledged write lost: every upload answered 201 is in the database afterwards.
    const acknowledged = load.outcomes
      .filter((o) => o.kind === 'write' && o.status === 201)
      .map((o) => o.key!);
    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = await observer.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(inArray(uploads.key, acknowledged));
    expect(stored.map((row) => row.key).sort()).toEqual([...acknowledged].sort());
    console.info(`PostgreSQL restart under load: ${report.join('; ')}; ${acknowledged.length} writes kept`);
  }, 400_000);
});
