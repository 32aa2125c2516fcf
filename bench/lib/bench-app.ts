/**
 * What the in-process benches start the real app from (bench/catalog/seeded-app.ts, bench/web/ssr.ts,
 * bench/search/profile.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/client.ts';
import { seedTaxonomy } from '../../apps/server/src/db/seed/seed.ts';
import { type Env, loadEnv } from '../../apps/server/src/env.ts';

/** A migrated database with the taxonomy: PostgreSQL at `postgresUrl` when given, else the embedded PGlite. */
export async function taxonomyDatabase(postgresUrl?: string): Promise<DatabaseHandle> {
  const database = postgresUrl
    ? await openDatabase({ kind: 'postgres', url: postgresUrl, poolSize: 10 })
    : await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedTaxonomy(database.db);
  return database;
}

/** The settings of a production server that logs nothing, in a new data folder, without the demo seed. */
export function productionEnv(dataDirPrefix: string): Env {
  return loadEnv({
    DATA_DIR: mkdtempSync(join(tmpdir(), dataDirPrefix)),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('hex'),
  });
}
