// Times whole requests in-process (app.inject, no network): npx tsx bench/search/profile-http.ts [count]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedTaxonomy } from '../../apps/server/src/db/seed/seed.ts';
import { loadEnv } from '../../apps/server/src/env.ts';
import { bulkSeed } from '../catalog/bulk-seed.ts';

const count = Number(process.argv[2] ?? 20_000);
const url = process.env.BENCH_DATABASE_URL;
const database = url
  ? await openDatabase({ kind: 'postgres', url, poolSize: 10 })
  : await openDatabase({ kind: 'pglite' });
await database.migrate();
await seedTaxonomy(database.db);
await bulkSeed(database.db, count);
const env = loadEnv({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'fb-')),
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(40),
});
const app = await buildApp({ env, database, logger: false });
await app.inject({ method: 'GET', url: '/api/workflows?search=warm' });
const words = [
  'quan',
  'slack',
  'notion',
  'hoa don',
  'dong bo',
  'gmail',
  'zalo',
  'invoice',
  'telegram',
  'bao cao',
];
let n = 0;
const paths: string[] = [];
for (let round = 0; round < Number(process.env.ROUNDS ?? 30); round++) {
  for (const a of words)
    for (const b of words) paths.push(`/api/workflows?search=${encodeURIComponent(`${a} ${b} ${round}`)}`);
}
const started = performance.now();
const timeInIndex = 0;
await Promise.all(
  Array.from({ length: 20 }, async () => {
    while (paths.length > 0) {
      const path = paths.pop()!;
      n++;
      const response = await app.inject({ method: 'GET', url: path });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  }),
);
void timeInIndex;
console.log(`${n} requests, ${((performance.now() - started) / n).toFixed(2)} ms each`);
await app.close();
process.exit(0);
