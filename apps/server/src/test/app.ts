import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../app.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { loadEnv, type Env } from '../env.ts';
import { createStorage, type Storage } from '../infra/storage/index.ts';
import { openTestDatabase } from './database.ts';
import { startTestS3Server } from './s3.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  storage: Storage;
  env: Env;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  app?: Partial<AppOptions>;
}

/** The exact app the server runs, on a fresh migrated database and an empty data folder. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'flowbay-test-'));
  // TEST_STORAGE=s3 runs the same tests on the S3 driver against an in-process S3 server.
  const s3 = process.env.TEST_STORAGE === 's3' && !options.app?.storage ? await startTestS3Server() : null;
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    ...s3?.env,
    ...options.env,
  });
  const storage = options.app?.storage ?? createStorage(env);
  const app = await buildApp({
    env,
    database,
    storage,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    ...options.app,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    storage,
    env,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's app: made before its tests (`createTestApp`) and closed after them. The object
 * returned is filled in by that `beforeAll`, so read it inside hooks and tests; options given as a
 * function get it too (e.g. to route the test gateway's IPN back into this app).
 */
export function useTestApp(
  options: TestAppOptions | ((ctx: TestContext) => TestAppOptions) = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(typeof options === 'function' ? options(ctx) : options));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

/** Runs every due job; the clock moves first, past jobs queued for "now" or a little later. */
export async function runDueJobs(ctx: TestContext, clock: { advance(ms: number): void }) {
  clock.advance(10 * 60_000);
  await ctx.app.jobs.runDue();
}
