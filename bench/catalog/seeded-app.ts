// The real app on a bench database of `count` generated listed workflows: PostgreSQL when
// BENCH_DATABASE_URL is set, else the embedded PGlite (bench/catalog/server.ts, bench/search/profile-http.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedTaxonomy } from '../../apps/server/src/db/seed/seed.ts';
import { loadEnv } from '../../apps/server/src/env.ts';
import { bulkSeed } from './bulk-seed.ts';

export async function seededApp(count: number) {
  const url = process.env.BENCH_DATABASE_URL;
  const database = url
    ? await openDatabase({ kind: 'postgres', url, poolSize: 10 })
    : await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedTaxonomy(database.db);
  const started = Date.now();
  await bulkSeed(database.db, count);
  const seedSeconds = (Date.now() - started) / 1000;
  const env = loadEnv({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'flowbay-bench-')),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('hex'),
  });
  const app = await buildApp({ env, database, logger: false });
  return { app, database, seedSeconds };
}
