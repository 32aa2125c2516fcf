// Times the index alone (no HTTP, no database) on the bench seed: npx tsx bench/search/profile.ts [count]
import { createSearchSource } from '../../apps/server/src/modules/catalog/catalog.repository.ts';
import { createSearchSync } from '../../apps/server/src/modules/catalog/search/search-sync.ts';
import { bulkSeed } from '../catalog/bulk-seed.ts';
import { taxonomyDatabase } from '../lib/bench-app.ts';

const count = Number(process.argv[2] ?? 20_000);
const database = await taxonomyDatabase();
await bulkSeed(database.db, count);
const sync = createSearchSync({ source: createSearchSource(database.db), refreshMs: 1_000_000 });
let started = performance.now();
const index = await sync.current();
console.log(`loaded ${index.size} in ${(performance.now() - started).toFixed(0)} ms`);
const queries = [
  'quan ly',
  'slack',
  'slack notion',
  'hoa don gmail',
  'q',
  'qu',
  'quan l',
  'dong bo s',
  'invoise',
  'zalo oa',
  'telegram bot da nang',
];
for (const search of queries) {
  started = performance.now();
  const runs = Number(process.env.RUNS ?? 20);
  let result;
  for (let i = 0; i < runs; i++) {
    result = index.query({
      search: search + ' '.repeat(i % 2),
      price: 'all',
      sort: 'relevance',
      offset: 0,
      limit: 12,
    });
    (index as unknown as { cache: Map<string, unknown> }).cache.clear();
  }
  console.log(
    search.padEnd(24),
    String(result!.count).padStart(7),
    ((performance.now() - started) / runs).toFixed(2),
    'ms',
  );
}
process.exit(0);
