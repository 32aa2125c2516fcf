// The real app on a bench database of `count` generated listed workflows: PostgreSQL when
// BENCH_DATABASE_URL is set, else the embedded PGlite (bench/catalog/server.ts, bench/search/profile-http.ts).
import { buildApp } from '../../apps/server/src/app.ts';
import { productionEnv, taxonomyDatabase } from '../lib/bench-app.ts';
import { bulkSeed } from './bulk-seed.ts';

export async function seededApp(count: number) {
  const database = await taxonomyDatabase(process.env.BENCH_DATABASE_URL);
  const started = Date.now();
  await bulkSeed(database.db, count);
  const seedSeconds = (Date.now() - started) / 1000;
  const app = await buildApp({ env: productionEnv('flowbay-bench-'), database, logger: false });
  return { app, database, seedSeconds };
}
