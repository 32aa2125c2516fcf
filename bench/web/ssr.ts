/**
 * What server rendering adds to a workflow detail page, in process: the same request served with
 * the render bundle (head + rendered body + state) and without it (head only, as decision 0030 had
 * it), on one database with the demo catalogue. Needs `npm run build` first.
 *
 *   npx tsx bench/web/ssr.ts        (ROUNDS=300 by default)
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { seedDemo } from '../../apps/server/src/db/seed/seed.ts';
import { createStorage } from '../../apps/server/src/infra/storage/index.ts';
import { DEFAULT_WEB_DIST } from '../../apps/server/src/modules/web/web.routes.ts';
import { productionEnv, taxonomyDatabase } from '../lib/bench-app.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARM_UP = 100;
const database = await taxonomyDatabase();
const env = productionEnv('flowbay-bench-ssr-');
const storage = createStorage(env);
await seedDemo(database.db, storage);
// Head only: the same index.html without the render bundle beside it.
const headOnlyDist = mkdtempSync(join(tmpdir(), 'flowbay-bench-head-'));
copyFileSync(join(DEFAULT_WEB_DIST, 'index.html'), join(headOnlyDist, 'index.html'));
const rendered = await buildApp({ env, database, storage, logger: false });
const headOnly = await buildApp({ env, database, storage, logger: false, webDist: headOnlyDist });

const list = (await rendered.inject({ url: '/api/workflows?price=paid&limit=1' })).json() as {
  workflows: { slug: string; id: string }[];
};
const path = `/workflows/${list.workflows[0]!.slug}-${list.workflows[0]!.id}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(app: typeof rendered, language: string): Promise<number> {
  const started = performance.now();
  const response = await app.inject({ url: path, headers: { 'accept-language': language } });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
  return performance.now() - started;
}

const LANGUAGES = ['en', 'vi'];
// Warm-up: both servers answer in both languages first, so neither language is timed while the
// JIT is still compiling the code they share (the language measured first used to pay for it).
for (let round = 0; round < WARM_UP; round++)
  for (const language of LANGUAGES) {
    await timed(headOnly, language);
    await timed(rendered, language);
  }

for (const language of LANGUAGES) {
  // Interleaved request by request, so the machine's noise (a shared, busy machine) falls on both alike.
  const head: number[] = [];
  const full: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const headTime = await timed(headOnly, language);
    const fullTime = await timed(rendered, language);
    head.push(headTime);
    full.push(fullTime);
  }
  const [fullMedian, headMedian] = [median(full), median(head)];
  console.log(
    `${language}: detail page median ${fullMedian.toFixed(1)} ms rendered, ${headMedian.toFixed(1)} ms head only, ` +
      `server rendering adds ${(fullMedian - headMedian).toFixed(1)} ms (${ROUNDS} requests each)`,
  );
}
await rendered.close();
await headOnly.close();
await database.close();
rmSync(headOnlyDist, { recursive: true, force: true });
