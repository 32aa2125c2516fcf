/**
 * Catalogue benchmark: GET /api/workflows on PostgreSQL (100,000 listed workflows) and PGlite
 * (10,000), against a bare Node http server returning the same bytes, measured in the same run.
 * Writes bench/reports/catalog.md. Usage: npx tsx bench/catalog/run.ts [--quick]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { withScratchDatabase } from '../lib/postgres.ts';
import { ask, start, stop } from '../lib/processes.ts';

const quick = process.argv.includes('--quick');
const DURATION = quick ? 3 : 10;
const CONNECTIONS = 20;
const here = fileURLToPath(new URL('.', import.meta.url));

interface Scenario {
  name: string;
  path: string;
}

function scenarios(deepPage: number): Scenario[] {
  return [
    { name: 'default page', path: '/api/workflows' },
    { name: 'search "quan ly"', path: '/api/workflows?search=quan%20ly' },
    {
      name: 'filters: n8n + marketing + 100k-500k, price ↑',
      path: '/api/workflows?category=n8n&subcategory=marketing&price=100k-500k&sort=price_asc',
    },
    { name: `deep page ${deepPage}`, path: `/api/workflows?page=${deepPage}` },
  ];
}

interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function load(
  url: string,
  options: { unique?: boolean; connections?: number; duration?: number } = {},
): Promise<Measured> {
  let counter = 0;
  const result = await autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration ?? DURATION,
    // A unique, ignored query parameter defeats the page cache, so the database path is measured.
    requests: options.unique
      ? [
          {
            setupRequest: (request: autocannon.Request) => {
              const path = request.path ?? '/';
              return { ...request, path: `${path}${path.includes('?') ? '&' : '?'}nocache=${counter++}` };
            },
          },
        ]
      : undefined,
  });
  const latency = result.latency as unknown as Record<string, number>;
  return {
    rps: result.requests.average,
    p50: latency.p50 ?? 0,
    p95: latency.p97_5 !== undefined && latency.p95 === undefined ? latency.p97_5 : (latency.p95 ?? 0),
    p99: latency.p99 ?? 0,
    errors: result.errors + result.non2xx,
  };
}

async function searchLatency(base: string): Promise<{ p50: number; p95: number; samples: number }> {
  const terms = [
    'quan ly',
    'dong bo',
    'slack',
    'google sheets',
    'khach hang',
    'invoise',
    'telegram bot',
    'da nang',
    'ai assistant',
    'bao cao',
    'notion',
    'don hang',
    'nottion',
    'shopfy orders',
    'hoa don',
    'cham cong',
  ];
  const samples: number[] = [];
  for (let round = 0; round < (quick ? 5 : 25); round += 1) {
    for (const term of terms) {
      const started = performance.now();
      const response = await fetch(
        `${base}/api/workflows?search=${encodeURIComponent(term)}&nocache=${round}`,
      );
      await response.arrayBuffer();
      samples.push(performance.now() - started);
    }
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95), samples: samples.length };
}

const fmt = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));

async function benchDatabase(label: string, env: Record<string, string>, count: number, deepPage: number) {
  const server = await start(`${here}server.ts`, { ...env, BENCH_WORKFLOWS: String(count) });
  const bare = await start(`${here}bare-server.ts`, {});
  const base = `http://127.0.0.1:${server.port}`;
  const rows: string[] = [];
  for (const scenario of scenarios(deepPage)) {
    const body = await (await fetch(`${base}${scenario.path}`)).text();
    await ask(bare.child, { body }, 'loaded');
    const cached = await load(`${base}${scenario.path}`);
    const uncached = await load(`${base}${scenario.path}`, { unique: true });
    const yardstick = await load(`http://127.0.0.1:${bare.port}/`);
    rows.push(
      `| ${scenario.name} | ${fmt(body.length / 1024)} KB | ${fmt(cached.rps)} | ${cached.p50} / ${cached.p95} / ${cached.p99} | ${fmt(uncached.rps)} | ${uncached.p50} / ${uncached.p95} / ${uncached.p99} | ${fmt(yardstick.rps)} | ${((cached.rps / yardstick.rps) * 100).toFixed(0)} % | ${cached.errors + uncached.errors} |`,
    );
    console.log(rows.at(-1));
  }
  const search = await searchLatency(base);
  await stop(server.child);
  await stop(bare.child);
  return [
    `### ${label}: ${count.toLocaleString('en-US')} listed workflows (seeded in ${server.seedSeconds?.toFixed(1)} s)`,
    '',
    '| scenario | body | app rps (page cache) | p50 / p95 / p99 ms | app rps (no cache: database path) | p50 / p95 / p99 ms | bare Node rps | cached ÷ bare | errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Search latency, one client, uncached, ${search.samples} searches over 16 terms (accents, prefixes, apps, three with typos): p50 ${search.p50.toFixed(1)} ms, **p95 ${search.p95.toFixed(1)} ms** (budget: p95 < 30 ms on PostgreSQL).`,
    '',
  ].join('\n');
}

const sections: string[] = [];
sections.push(
  await withScratchDatabase(`flowbay_bench_${process.pid}`, (url) =>
    benchDatabase('PostgreSQL', { BENCH_DATABASE_URL: url }, quick ? 20_000 : 100_000, quick ? 1_600 : 8_000),
  ),
);
sections.push(await benchDatabase('PGlite (embedded)', {}, quick ? 2_000 : 10_000, quick ? 160 : 800));

const report = [
  '# Catalogue benchmark',
  '',
  `Run: ${new Date().toISOString()} · ${quick ? 'quick mode · ' : ''}autocannon, ${CONNECTIONS} connections, ${DURATION} s per measurement · server and load generator in separate processes on a 2-core machine shared with other work, so absolute numbers are noisy; the ratio to the bare server, measured in the same run, is the figure to watch.`,
  '',
  'Budget (docs/architecture.md): default page at least half the throughput of a bare Node `http` server returning the same bytes; search p95 under 30 ms on PostgreSQL with 100,000 workflows.',
  '"Page cache" is the 5-second per-process cache of anonymous catalogue pages (docs/decisions/0005); "no cache" adds a unique ignored query parameter to every request, so each one runs the queries.',
  '',
  ...sections,
  'Command: `npm run bench -- catalog` (or `npx tsx bench/catalog/run.ts`).',
  '',
].join('\n');
mkdirSync(new URL('../reports/', import.meta.url), { recursive: true });
writeFileSync(new URL('../reports/catalog.md', import.meta.url), report);
console.log(report);
