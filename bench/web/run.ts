/**
 * Web budgets (docs/architecture.md): gzipped JavaScript on the first load of each public page, and
 * Lighthouse mobile performance, measured in Debian's Chromium against the production server.
 *
 *   npm run bench -- web                 starts the built app on a fresh embedded database
 *   BENCH_WEB_URL=http://host:port ...   measures a server that is already running
 *
 * Writes bench/reports/web.md (and web.json).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Lighthouse's Chrome is started by chrome-launcher, which needs the headless flag spelled out.
const FLAGS = [...CHROMIUM_ARGS, '--headless=new'];
const JS_BUDGET = 150 * 1024;
const LIGHTHOUSE_BUDGET = 95;

async function startServer(): Promise<{ url: string; process: ChildProcess }> {
  const port = 3200 + Math.floor(Math.random() * 500);
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'flowbay-bench-web-')),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

async function pagesToMeasure(url: string): Promise<{ name: string; path: string }[]> {
  const free = (await (await fetch(`${url}/api/workflows?price=free&sort=views_desc&limit=1`)).json())
    .workflows[0];
  const paid = (await (await fetch(`${url}/api/workflows?price=paid&sort=views_desc&limit=1`)).json())
    .workflows[0];
  return [
    { name: 'home', path: '/' },
    { name: 'catalogue', path: '/workflows' },
    { name: 'detail (free, with preview)', path: `/workflows/${free.slug}-${free.id}` },
    { name: 'detail (paid)', path: `/workflows/${paid.slug}-${paid.id}` },
    { name: 'public profile', path: `/profiles/${free.user_id}` },
    { name: 'faq', path: '/faq' },
  ];
}

/** Every public page of the route table (issue 17's list), for the first-load budget in both languages. */
function everyPublicPage(measured: { name: string; path: string }[]) {
  const path = (name: string) => measured.find((page) => page.name === name)!.path;
  return [
    { name: 'home', path: '/' },
    { name: 'catalogue', path: '/workflows' },
    { name: 'catalogue, searched and filtered', path: '/workflows?search=quan+ly&price=free&page=1' },
    { name: 'detail (free)', path: path('detail (free, with preview)') },
    { name: 'detail (paid)', path: path('detail (paid)') },
    { name: 'public profile', path: path('public profile') },
    { name: 'guide', path: '/guide' },
    { name: 'faq', path: '/faq' },
    { name: 'contact', path: '/contact' },
    { name: 'terms', path: '/terms' },
    { name: 'privacy', path: '/privacy' },
    { name: '404', path: '/no-such-page' },
  ];
}

const inLanguage = (path: string, language: 'en' | 'vi') =>
  `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;

/**
 * The scripts a page starts with, as the server names them: the entry and the chunks Vite links
 * from the head, and the list main.tsx preloads (the app's steps, the page's own chunks, its texts).
 */
async function startScripts(url: string, path: string): Promise<Set<string>> {
  const html = await (await fetch(url + path)).text();
  const linked = [
    ...html.matchAll(/<(?:script[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const block = /<script type="application\/json" id="flowbay-preload">(.*?)<\/script>/s.exec(html);
  const listed = block ? (JSON.parse(block[1]!) as string[]) : [];
  return new Set([...linked, ...listed].map((href) => new URL(href, url).pathname));
}

/**
 * Compressed bytes of the scripts the page starts with (the budget), and of every script it loads
 * until the network is idle (with what loads once in view or on use).
 */
async function measureJavaScript(url: string, path: string, viewport: { width: number; height: number }) {
  const starting = await startScripts(url, path);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
  const page = await browser.newPage({ viewport });
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
  });
  await page.goto(url + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const loaded = await Promise.all(scripts);
  await browser.close();
  const sum = (list: typeof loaded) => list.reduce((total, script) => total + script.bytes, 0);
  return {
    bytes: sum(loaded),
    files: loaded.length,
    startBytes: sum(loaded.filter((script) => starting.has(new URL(script.url).pathname))),
  };
}

async function lighthouseScore(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result!.lhr;
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';
  return {
    score:
      lhr.categories.performance!.score === null ? null : Math.round(lhr.categories.performance!.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const external = process.env.BENCH_WEB_URL;
  const server = external ? null : await startServer();
  const url = external ?? server!.url;
  try {
    const pages = await pagesToMeasure(url);
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
    const rows = [];
    for (const page of pages) {
      const phone = await measureJavaScript(url, page.path, { width: 412, height: 823 });
      const desktop = await measureJavaScript(url, page.path, { width: 1350, height: 940 });
      // Median of three runs: one Lighthouse run on a shared 2-core machine is noisy.
      const runs: Array<{
        score: number;
        fcp: string;
        lcp: string;
        tbt: string;
        cls: string;
        benchmarkIndex: number;
      }> = [];
      // A run Lighthouse could not finish (no score, e.g. NO_FCP right after the previous page) is
      // tried again rather than counted as 0; the report says how many were retried.
      let retried = 0;
      while (runs.length < 3) {
        const run = await lighthouseScore(url + page.path, chrome.port);
        if (run.score !== null) runs.push({ ...run, score: run.score });
        else if (++retried > 3) throw new Error(`Lighthouse could not measure ${page.path}`);
      }
      if (retried > 0) console.log(`${page.name}: ${retried} Lighthouse run(s) without a score, run again`);
      runs.sort((a, b) => a.score - b.score);
      rows.push({
        ...page,
        phoneJs: phone,
        desktopJs: desktop,
        lighthouse: runs[1]!,
        scores: runs.map((run) => run.score),
      });
      console.log(
        `${page.name}: JS ${kb(phone.bytes)} (phone) / ${kb(desktop.bytes)} (desktop), Lighthouse ${runs[1]!.score}`,
      );
    }
    chrome.kill();
    const everyPage = [];
    for (const page of everyPublicPage(pages)) {
      const phone = { width: 412, height: 823 };
      const [en, vi] = [
        await measureJavaScript(url, inLanguage(page.path, 'en'), phone),
        await measureJavaScript(url, inLanguage(page.path, 'vi'), phone),
      ];
      everyPage.push({ ...page, en: en.startBytes, vi: vi.startBytes });
      console.log(`${page.name}: JS to start ${kb(en.startBytes)} (en) / ${kb(vi.startBytes)} (vi)`);
    }
    const overBudget = (bytes: number) => `${kb(bytes)}${bytes > JS_BUDGET ? ' ⚠' : ''}`;
    const indexes = rows.map((row) => row.lighthouse.benchmarkIndex).sort((a, b) => a - b);
    const lines = [
      '# Web budgets',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- web\` against the production build served by the real server (fresh embedded database, demo seed), in ${CHROMIUM_PATH}.`,
      '',
      `- **JavaScript**: compressed bytes on the wire (brotli). The budget (${kb(JS_BUDGET)}) is the first load: the scripts the page starts with, as the server names them (the entry, the chunks linked from the head, and the list main.tsx preloads once the page has painted: the app's steps, the page's own chunks and its texts). Every script until the network is idle is shown beside it, for information: it adds parts loaded once in view or on use (the reviews' chunk, the graph preview and the markdown renderer of the detail page, the account menu). The phone viewport (412×823) is the Lighthouse one.`,
      '- **Server rendering** of the detail page (budget: under 15 ms added, median) has its own bench, `npx tsx bench/web/ssr.ts`, run in process without a browser: see `bench/reports/ssr.md`.',
      `- **Lighthouse**: mobile preset (simulated slow 4G, 4× CPU slowdown), performance category, median of three runs (budget ${LIGHTHOUSE_BUDGET}). Its CPU benchmark index on this machine: ${Math.round(indexes[0]!)}–${Math.round(indexes[indexes.length - 1]!)} (median runs). The simulation multiplies the main-thread work it observes, so the same build scores differently on different machines: see the earlier runs below.`,
      '',
      '| page | JS to start | JS at network idle, phone | JS at network idle, desktop | Lighthouse | runs | FCP | LCP | TBT | CLS |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${kb(row.phoneJs.startBytes)}${row.phoneJs.startBytes > JS_BUDGET ? ' ⚠' : ''} | ${kb(row.phoneJs.bytes)} (${row.phoneJs.files} files) | ${kb(row.desktopJs.bytes)} | ${row.lighthouse.score}${row.lighthouse.score < LIGHTHOUSE_BUDGET ? ' ⚠' : ''} | ${row.scores.join(', ')} | ${row.lighthouse.fcp} | ${row.lighthouse.lcp} | ${row.lighthouse.tbt} | ${row.lighthouse.cls} |`,
      ),
      '',
      `JavaScript to start on every public page, in each language (\`?lang=\`), phone viewport; the budget is ${kb(JS_BUDGET)}:`,
      '',
      '| page | address | English | Vietnamese |',
      '|---|---|---|---|',
      ...everyPage.map(
        (row) => `| ${row.name} | \`${row.path}\` | ${overBudget(row.en)} | ${overBudget(row.vi)} |`,
      ),
      '',
      // Earlier runs of the same command (other builds, other machines), then the figures before
      // server rendering, kept beside each new run.
      readFileSync(join(root, 'bench/web/earlier-runs.md'), 'utf8'),
      readFileSync(join(root, 'bench/web/baseline.md'), 'utf8'),
    ];
    writeFileSync(join(root, 'bench/reports/web.md'), lines.join('\n'));
    writeFileSync(join(root, 'bench/reports/web.json'), JSON.stringify({ rows, everyPage }, null, 2));
    console.log(lines.join('\n'));
  } finally {
    server?.process.kill('SIGTERM');
  }
}

await main();
