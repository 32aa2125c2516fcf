/**
 * `npm run check:n8n`: Flowbay against a real n8n (1.119.x).
 *
 * 1. Installs n8n into a cache folder outside the repository (reused when there).
 * 2. Starts Flowbay (embedded database, demo seeded, a temporary DATA_DIR, its own port), downloads
 *    every n8n workflow of the demo catalogue as a user would (an admin account, so paid ones too),
 *    runs the corpus files that are not in the catalogue through the same download function, and
 *    imports each file with `n8n import:workflow`.
 * 3. Starts n8n with N8N_TEMPLATES_HOST=<flowbay>/n8n and, in Chromium, sets up the owner, opens
 *    /templates/, searches a Flowbay template, opens it, uses it and finds its nodes on the canvas.
 *
 * Writes bench/reports/n8n-check.md and ends with `N passed, M failed`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { importableN8nFile, parseWorkflowExport } from '@flowbay/workflow-formats';
import { DEMO_WORKFLOWS } from '../../apps/server/src/db/seed/demo-data.ts';
import { chromiumLaunchOptions } from '../lib/chromium.ts';
import { confirmedAccountByFetch } from '../lib/outbox.ts';
import { editorJourney } from './editor-journey.ts';
import { N8N_VERSION, ensureN8n, n8nBin } from './install.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPORT = join(ROOT, 'bench/reports/n8n-check.md');
const CORPUS = join(ROOT, 'packages/workflow-formats/test/fixtures');
/** Optional: a folder of more exports to import (its `n8n/` and `synthetic/` subfolders), outside the repository. */
const SHARED_CORPUS = [process.env.SHARED_CORPUS_DIR].find((dir): dir is string =>
  Boolean(dir && existsSync(dir)),
);
const OWNER = {
  email: 'owner@n8n-check.test',
  firstName: 'Flowbay',
  lastName: 'Check',
  password: 'Check-n8n-2026!',
};
const CHECKER_EMAIL = 'checker@n8n-check.test';
const CHECKER_PASSWORD = 'correct horse battery';

interface Step {
  name: string;
  ok: boolean;
  detail: string;
}
const steps: Step[] = [];
const imports: { file: string; source: string; nodes: number; ok: boolean; detail: string }[] = [];
const journey: string[] = [];
const started = Date.now();
const children: ChildProcess[] = [];
const workDir = mkdtempSync(join(tmpdir(), 'flowbay-n8n-check-'));

function log(message: string) {
  console.log(`[check:n8n ${Math.round((Date.now() - started) / 1000)}s] ${message}`);
}

function record(name: string, ok: boolean, detail = '') {
  steps.push({ name, ok, detail });
  log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, seconds: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the process exited (${child.exitCode}) before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT) {
  const logFile = join(workDir, `${name}.log`);
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const chunks: string[] = [];
  child.stdout?.on('data', (data: Buffer) => chunks.push(data.toString()));
  child.stderr?.on('data', (data: Buffer) => chunks.push(data.toString()));
  child.on('exit', () => writeFileSync(logFile, chunks.join('')));
  children.push(child);
  return { child, output: () => chunks.join('') };
}

/** Stops Flowbay and n8n (their whole process groups); what has not exited after 15 s is killed. */
async function stopAll() {
  const signal = (child: ChildProcess, name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  for (const child of children) signal(child, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (
    Date.now() < deadline &&
    children.some((child) => child.exitCode === null && child.signalCode === null)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (const child of children) signal(child, 'SIGKILL');
}

/* ---------- Flowbay ---------- */

async function startFlowbay() {
  const port = await freePort();
  const dataDir = join(workDir, 'flowbay-data');
  const url = `http://127.0.0.1:${port}`;
  const flowbay = startProcess('flowbay', process.execPath, ['scripts/start.mjs'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    ADMIN_EMAILS: CHECKER_EMAIL,
    DATABASE_URL: '',
  });
  await waitFor(`${url}/api/health`, 240, flowbay.child);
  return { url, dataDir };
}

/** An admin account (ADMIN_EMAILS), signed up and confirmed through the outbox like a person. */
async function adminSession(flowbay: { url: string; dataDir: string }): Promise<string> {
  const { cookie } = await confirmedAccountByFetch({
    base: flowbay.url,
    dataDir: flowbay.dataDir,
    email: CHECKER_EMAIL,
    password: CHECKER_PASSWORD,
    name: 'n8n check',
    timeoutMs: 15_000,
  });
  return cookie;
}

interface CatalogueItem {
  id: string;
  number: number;
  title: string;
  price: number;
}

async function n8nCatalogue(url: string): Promise<CatalogueItem[]> {
  const items: CatalogueItem[] = [];
  for (let page = 0; ; page++) {
    const response = await fetch(
      `${url}/api/workflows?category=n8n&page=${page}&limit=48&sort=created_at_asc`,
    );
    const body = (await response.json()) as { workflows: CatalogueItem[]; filteredCount: number };
    items.push(...body.workflows);
    if (body.workflows.length === 0 || items.length >= body.filteredCount) return items;
  }
}

/* ---------- n8n ---------- */

function n8nEnv(userFolder: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    N8N_USER_FOLDER: userFolder,
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    N8N_PUBLIC_API_DISABLED: 'true',
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
    N8N_RUNNERS_ENABLED: 'false',
    N8N_SECURE_COOKIE: 'false',
    NODE_ENV: 'production',
    ...extra,
  };
}

function importFile(bin: string, userFolder: string, file: string): { ok: boolean; detail: string } {
  const result = spawnSync(process.execPath, [bin, 'import:workflow', `--input=${file}`], {
    env: n8nEnv(userFolder),
    encoding: 'utf8',
    timeout: 180_000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const ok = result.status === 0 && /Successfully imported/i.test(output);
  const detail = ok
    ? (/Successfully imported \d+ workflows?/i.exec(output)?.[0] ?? 'imported')
    : (
        output.split('\n').filter((line) => /SQLITE|constraint|failed|Error:/.test(line))[0] ??
        output.slice(-300)
      ).trim();
  return { ok, detail };
}

/* ---------- main ---------- */

async function main() {
  const install = (() => {
    try {
      const result = ensureN8n(log);
      record(
        `n8n ${N8N_VERSION} installed`,
        true,
        result.installed
          ? `cold install into ${result.dir} took ${result.seconds} s`
          : `reused ${result.dir}`,
      );
      return result;
    } catch (error) {
      record(`n8n ${N8N_VERSION} installed`, false, String(error));
      return null;
    }
  })();
  if (!install) return;
  const bin = n8nBin(install.dir);

  let flowbay: { url: string; dataDir: string };
  try {
    flowbay = await startFlowbay();
    record('Flowbay started (embedded database, demo seeded)', true, flowbay.url);
  } catch (error) {
    record('Flowbay started (embedded database, demo seeded)', false, String(error));
    return;
  }

  /* (1) every n8n file, as served, imports */
  const filesDir = join(workDir, 'files');
  mkdirSync(filesDir);
  const userFolder = join(workDir, 'n8n-home');
  mkdirSync(userFolder);
  const toImport: { file: string; source: string; nodes: number }[] = [];
  const servedHashes = new Set<string>();
  try {
    const cookie = await adminSession(flowbay);
    const catalogue = await n8nCatalogue(flowbay.url);
    record('Demo catalogue listed', catalogue.length > 0, `${catalogue.length} n8n workflows`);
    for (const item of catalogue) {
      const response = await fetch(`${flowbay.url}/api/workflows/${item.id}/download`, {
        headers: { cookie },
      });
      const text = await response.text();
      if (!response.ok) {
        record(`download #${item.number} "${item.title}"`, false, `answered ${response.status}`);
        continue;
      }
      const file = join(filesDir, `catalogue-${item.number}.json`);
      writeFileSync(file, text);
      const demo = DEMO_WORKFLOWS.find((entry) => entry.title === item.title);
      if (demo) servedHashes.add(demo.file);
      const parsed = parseWorkflowExport(text);
      toImport.push({
        file,
        source: `GET /api/workflows/${item.id}/download (#${item.number} "${item.title}"${item.price > 0 ? `, paid ${item.price} đ` : ''})`,
        nodes: parsed.ok ? parsed.workflows.reduce((sum, graph) => sum + graph.nodes.length, 0) : 0,
      });
    }
  } catch (error) {
    record('Demo catalogue downloaded', false, String(error));
  }
  // Corpus files the catalogue does not hold go through the same function as every download.
  const corpusFiles = [
    ...['n8n', 'make', 'zapier'].flatMap((folder) =>
      readdirSync(join(CORPUS, folder)).map((name) => join(CORPUS, folder, name)),
    ),
    ...(SHARED_CORPUS
      ? ['n8n', 'synthetic'].flatMap((folder) =>
          existsSync(join(SHARED_CORPUS, folder))
            ? readdirSync(join(SHARED_CORPUS, folder)).map((name) => join(SHARED_CORPUS, folder, name))
            : [],
        )
      : []),
  ].filter((path) => path.endsWith('.json'));
  const seen = new Set<string>();
  for (const path of corpusFiles) {
    const text = readFileSync(path, 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    if (servedHashes.has(basename(path)) || seen.has(hash)) continue;
    seen.add(hash);
    const served = importableN8nFile(text, basename(path, '.json'));
    if (served === null) continue; // Make and Zapier files: not for n8n
    const file = join(filesDir, `corpus-${hash.slice(0, 8)}.json`);
    writeFileSync(file, served);
    const parsed = parseWorkflowExport(served);
    toImport.push({
      file,
      source: `corpus ${path.replace(ROOT, '').replace(/^\/+/, '')} (not in the catalogue: through the download function)`,
      nodes: parsed.ok ? parsed.workflows.reduce((sum, graph) => sum + graph.nodes.length, 0) : 0,
    });
  }
  for (const entry of toImport) {
    const result = importFile(bin, userFolder, entry.file);
    imports.push({ ...entry, file: basename(entry.file), ...result });
    record(`n8n import:workflow ${entry.source}`, result.ok, result.detail);
  }
  if (imports.length === 0) record('n8n files to import', false, 'none found');
  if (SHARED_CORPUS === undefined)
    log('SHARED_CORPUS_DIR is not set to a folder: only the seed corpus was used');

  /* (2) n8n's editor uses Flowbay as its template library */
  const n8nPort = await freePort();
  const n8nUrl = `http://127.0.0.1:${n8nPort}`;
  const n8n = startProcess(
    'n8n',
    process.execPath,
    [bin, 'start'],
    n8nEnv(userFolder, {
      N8N_PORT: String(n8nPort),
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_HOST: '127.0.0.1',
      N8N_EDITOR_BASE_URL: n8nUrl,
      N8N_TEMPLATES_ENABLED: 'true',
      N8N_TEMPLATES_HOST: `${flowbay.url}/n8n`,
    }),
  );
  try {
    await waitFor(`${n8nUrl}/healthz`, 300, n8n.child);
    // /healthz answers while n8n still starts up; its editor's settings come once it is ready.
    await waitFor(`${n8nUrl}/rest/settings`, 300, n8n.child);
    record(
      'n8n started with N8N_TEMPLATES_HOST pointing at Flowbay',
      true,
      `${n8nUrl}, templates from ${flowbay.url}/n8n`,
    );
  } catch (error) {
    record(
      'n8n started with N8N_TEMPLATES_HOST pointing at Flowbay',
      false,
      `${String(error)}\n${n8n.output().slice(-1500)}`,
    );
    return;
  }

  // A free demo template the journey opens; its node names are what the canvas must show.
  const searchResponse = await fetch(
    `${flowbay.url}/n8n/templates/search?search=disqus&page=1&limit=20&category=`,
  );
  const found = ((await searchResponse.json()) as { workflows: { id: number; name: string }[] }).workflows[0];
  if (!found) {
    record('n8n editor journey', false, 'the Disqus demo template is not in the templates API');
    return;
  }
  const detail = (await (await fetch(`${flowbay.url}/n8n/workflows/templates/${found.id}`)).json()) as {
    workflow: { nodes: { name: string; type: string }[] };
  };
  const everything = (await (await fetch(`${flowbay.url}/n8n/templates/search?page=1&limit=100`)).json()) as {
    workflows: { id: number; name: string; price: number | null }[];
  };
  const paidItem = everything.workflows.find((item) => item.price !== null);
  const paid = paidItem ? { number: paidItem.id, title: paidItem.name } : undefined;
  const nodeNames = detail.workflow.nodes
    .filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
    .map((node) => node.name);

  const browser = await chromium.launch(chromiumLaunchOptions);
  const corsErrors: string[] = [];
  let page: Page | undefined;
  try {
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error' && /CORS|Access-Control/i.test(message.text()))
        corsErrors.push(message.text());
    });
    await editorJourney(
      page,
      n8nUrl,
      OWNER,
      { number: found.id, title: found.name, nodeNames },
      paid,
      (text) => {
        journey.push(text);
        log(`journey: ${text}`);
      },
    );
    await page.screenshot({ path: join(workDir, 'canvas.png') });
    record(
      'n8n editor journey: /templates/ → search → template → use → nodes on the canvas',
      corsErrors.length === 0,
      corsErrors.join('; '),
    );
  } catch (error) {
    const shot = join(tmpdir(), 'flowbay-n8n-check-failure.png');
    await page?.screenshot({ path: shot }).catch(() => undefined);
    record(
      'n8n editor journey: /templates/ → search → template → use → nodes on the canvas',
      false,
      `${String(error).split('\n')[0] ?? ''} (at ${page?.url() ?? '?'}; screenshot ${shot})`,
    );
  } finally {
    await browser.close();
  }
}

function writeReport() {
  const passed = steps.filter((step) => step.ok).length;
  const failed = steps.length - passed;
  const lines = [
    '# Real n8n check',
    '',
    `\`npm run check:n8n\`, n8n ${N8N_VERSION}, ${new Date().toISOString()}, ${Math.round((Date.now() - started) / 1000)} s in all.`,
    '',
    '## Steps',
    '',
    ...steps.map(
      (step) =>
        `- ${step.ok ? 'PASS' : 'FAIL'} ${step.name}${step.detail ? ` — ${step.detail.split('\n')[0]}` : ''}`,
    ),
    '',
    '## Files imported with `n8n import:workflow`',
    '',
    '| result | nodes | source | n8n said |',
    '|---|---|---|---|',
    ...imports.map(
      (entry) =>
        `| ${entry.ok ? 'imported' : 'FAILED'} | ${entry.nodes} | ${entry.source} | ${entry.detail.replace(/\|/g, '\\|')} |`,
    ),
    '',
    '## Editor journey',
    '',
    ...(journey.length > 0 ? journey.map((line, index) => `${index + 1}. ${line}`) : ['(not reached)']),
    '',
    `${passed} passed, ${failed} failed`,
    '',
  ];
  mkdirSync(join(ROOT, 'bench/reports'), { recursive: true });
  writeFileSync(REPORT, lines.join('\n'));
  console.log(`\nReport: ${REPORT}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed;
}

try {
  await main();
} catch (error) {
  record('check:n8n ran to the end', false, String(error));
}
await stopAll();
const failures = writeReport();
if (!process.env.KEEP_N8N_CHECK_DIR) rmSync(workDir, { recursive: true, force: true });
else log(`kept ${workDir}`);
process.exit(failures === 0 ? 0 : 1);
