/**
 * `npm run check:n8n`: Flowbay against a real n8n, each line checked (1.119.x and 2.41.x; one of
 * them with `npm run check:n8n -- --n8n=2` or N8N_CHECK_VERSIONS=2.41.1).
 *
 * 1. Starts Flowbay (embedded database, demo seeded, a temporary DATA_DIR, its own port), downloads
 *    every n8n workflow of the demo catalogue as a user would (an admin account, so paid ones too)
 *    and runs the corpus files that are not in the catalogue through the same download function.
 * 2. For each n8n line: installs it into a cache folder outside the repository (reused when there;
 *    2.x with its own Node 24), imports each file with `n8n import:workflow` into a fresh n8n, starts
 *    n8n with N8N_TEMPLATES_HOST=<flowbay>/n8n and, in Chromium, sets up the owner, opens
 *    /templates/, searches a Flowbay template, opens it, uses it and finds its nodes on the canvas.
 * 3. "Send to my n8n": creates a public API key in that n8n (POST /rest/api-keys), saves it as a
 *    Flowbay n8n connection of a buyer, sends a free and a bought workflow, and finds each in n8n's
 *    API with all its nodes and on n8n's canvas (Flowbay runs with N8N_CONNECT_ALLOW_PRIVATE=true:
 *    n8n listens on 127.0.0.1).
 * 4. The computed versions against the real n8n: for every demo n8n workflow, n8nCompatibility and
 *    runsOnRelease say whether it runs on this line; the running n8n's own node types (GET
 *    /types/nodes.json, as its editor loads them) must then know every built-in node type and
 *    typeVersion of a workflow said to run, which must also have imported, and must miss at least
 *    one (named in the report) of a workflow said not to.
 *
 * Writes bench/reports/n8n-check.md and ends with `N passed, M failed` over every line.
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
import { chromium, request as playwrightRequest, type Page } from '@playwright/test';
import { runsOnRelease } from '@flowbay/domain/checks';
import {
  importableN8nFile,
  n8nCompatibility,
  parseWorkflowExport,
  summarizeExport,
  type N8nRequirements,
} from '@flowbay/workflow-formats';
import { DEMO_WORKFLOWS } from '../../apps/server/src/db/seed/demo-data.ts';
import { servedWorkflowFile } from '../../apps/server/src/lib/served-file.ts';
import { chromiumLaunchOptions } from '../lib/chromium.ts';
import { confirmedAccountByFetch } from '../lib/outbox.ts';
import { editorJourney, openSentWorkflow } from './editor-journey.ts';
import { chosenVersions, ensureN8n, n8nBin, n8nNode, n8nPath } from './install.mjs';

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
const BUYER_EMAIL = 'buyer@n8n-check.test';
const CHECKER_PASSWORD = 'correct horse battery';

interface Step {
  name: string;
  ok: boolean;
  detail: string;
}
const versions = chosenVersions();
const steps: Step[] = [];
const imports: {
  version: string;
  file: string;
  source: string;
  nodes: number;
  ok: boolean;
  detail: string;
}[] = [];
const journeys = new Map<string, string[]>();
const sends: {
  version: string;
  workflow: string;
  fileNodes: number;
  apiNodes: number;
  canvasNodes: number | null;
  credentials: string[];
  url: string;
}[] = [];
/** Each demo n8n workflow on each line: what the catalogue computed and what the running n8n knows. */
const compat: {
  version: string;
  title: string;
  min: string | null;
  max: string | null;
  runs: boolean | null;
  imported: boolean | null;
  /** Built-in `type@typeVersion` the running n8n does not list. */
  unknown: string[];
  checked: number;
  ok: boolean;
}[] = [];
/** Seconds each line took (its install, imports, start and editor journey). */
const timings = new Map<string, number>();
const started = Date.now();
const children: ChildProcess[] = [];
const workDir = mkdtempSync(join(tmpdir(), 'flowbay-n8n-check-'));

function log(message: string) {
  console.log(`[check:n8n ${Math.round((Date.now() - started) / 1000)}s] ${message}`);
}

/** A step of one line (`version`) or, without one, of every line checked (Flowbay's side). */
function record(version: string | null, name: string, ok: boolean, detail = '') {
  const named = `[n8n ${version ?? versions.join(' + ')}] ${name}`;
  steps.push({ name: named, ok, detail });
  log(`${ok ? 'PASS' : 'FAIL'} ${named}${detail ? `: ${detail}` : ''}`);
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

/** Stops these processes (their whole process groups); what has not exited after 15 s is killed. */
async function stop(list: ChildProcess[]) {
  const signal = (child: ChildProcess, name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  for (const child of list) signal(child, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (
    Date.now() < deadline &&
    list.some((child) => child.exitCode === null && child.signalCode === null)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (const child of list) signal(child, 'SIGKILL');
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
    // n8n listens on 127.0.0.1: "Send to my n8n" refuses loopback addresses without this.
    N8N_CONNECT_ALLOW_PRIVATE: 'true',
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
  /** The n8n releases it runs on, as computed (cards carry it). */
  compat: { min: string | null; max: string | null } | null;
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

/** n8n's environment: its own Node first on PATH (Node 24 for 2.x), nothing of Flowbay's. */
function n8nEnv(version: string, userFolder: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: n8nPath(version),
    HOME: process.env.HOME,
    N8N_USER_FOLDER: userFolder,
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    N8N_PUBLIC_API_DISABLED: 'true',
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
    // 1.x runs Code nodes in-process without it; 2.x always has runners and calls the variable obsolete.
    ...(version.startsWith('1.') ? { N8N_RUNNERS_ENABLED: 'false' } : {}),
    N8N_SECURE_COOKIE: 'false',
    NODE_ENV: 'production',
    ...extra,
  };
}

function importFile(
  version: string,
  bin: string,
  userFolder: string,
  file: string,
): { ok: boolean; detail: string } {
  const result = spawnSync(n8nNode(version), [bin, 'import:workflow', `--input=${file}`], {
    env: n8nEnv(version, userFolder),
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

interface ToImport {
  file: string;
  source: string;
  nodes: number;
  /** A demo catalogue workflow: its title and the node types and versions its served file uses. */
  demo?: { title: string; requirements: N8nRequirements };
}

/** Every n8n file Flowbay serves of the demo catalogue, and the corpus through the same function. */
async function filesToImport(flowbay: { url: string; dataDir: string }): Promise<ToImport[]> {
  const filesDir = join(workDir, 'files');
  mkdirSync(filesDir);
  const toImport: ToImport[] = [];
  const servedHashes = new Set<string>();
  try {
    const cookie = await adminSession(flowbay);
    const catalogue = await n8nCatalogue(flowbay.url);
    record(null, 'Demo catalogue listed', catalogue.length > 0, `${catalogue.length} n8n workflows`);
    for (const item of catalogue) {
      const response = await fetch(`${flowbay.url}/api/workflows/${item.id}/download`, {
        headers: { cookie },
      });
      const text = await response.text();
      if (!response.ok) {
        record(null, `download #${item.number} "${item.title}"`, false, `answered ${response.status}`);
        continue;
      }
      const file = join(filesDir, `catalogue-${item.number}.json`);
      writeFileSync(file, text);
      const demo = DEMO_WORKFLOWS.find((entry) => entry.title === item.title);
      if (demo) servedHashes.add(demo.file);
      const parsed = parseWorkflowExport(text);
      const summary = parsed.ok ? summarizeExport(parsed) : null;
      toImport.push({
        file,
        source: `GET /api/workflows/${item.id}/download (#${item.number} "${item.title}"${item.price > 0 ? `, paid ${item.price} đ` : ''})`,
        nodes: parsed.ok ? parsed.workflows.reduce((sum, graph) => sum + graph.nodes.length, 0) : 0,
        ...(summary ? { demo: { title: item.title, requirements: summary.requirements } } : {}),
      });
    }
  } catch (error) {
    record(null, 'Demo catalogue downloaded', false, String(error));
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
    // Make and Zapier files: not for n8n.
    if (importableN8nFile(text, basename(path, '.json')) === null) continue;
    // As a download serves it; the file's hash stands in for the workflow id its n8n id comes from.
    const served = servedWorkflowFile(Buffer.from(text), basename(path, '.json'), hash).toString('utf8');
    const file = join(filesDir, `corpus-${hash.slice(0, 8)}.json`);
    writeFileSync(file, served);
    const parsed = parseWorkflowExport(served);
    toImport.push({
      file,
      source: `corpus ${path.replace(ROOT, '').replace(/^\/+/, '')} (not in the catalogue: through the download function)`,
      nodes: parsed.ok ? parsed.workflows.reduce((sum, graph) => sum + graph.nodes.length, 0) : 0,
    });
  }
  if (toImport.length === 0) record(null, 'n8n files to import', false, 'none found');
  if (SHARED_CORPUS === undefined)
    log('SHARED_CORPUS_DIR is not set to a folder: only the seed corpus was used');
  return toImport;
}

/** The template the journey uses and the paid one it opens, as Flowbay's templates API lists them. */
async function journeyTemplates(flowbayUrl: string) {
  // A free demo template the journey opens; its node names are what the canvas must show.
  const searchResponse = await fetch(
    `${flowbayUrl}/n8n/templates/search?search=disqus&page=1&limit=20&category=`,
  );
  const found = ((await searchResponse.json()) as { workflows: { id: number; name: string }[] }).workflows[0];
  if (!found) return null;
  const detail = (await (await fetch(`${flowbayUrl}/n8n/workflows/templates/${found.id}`)).json()) as {
    workflow: { nodes: { name: string; type: string }[] };
  };
  const everything = (await (await fetch(`${flowbayUrl}/n8n/templates/search?page=1&limit=100`)).json()) as {
    workflows: { id: number; name: string; price: number | null }[];
  };
  const paidItem = everything.workflows.find((item) => item.price !== null);
  return {
    template: {
      number: found.id,
      title: found.name,
      nodeNames: detail.workflow.nodes
        .filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
        .map((node) => node.name),
    },
    paid: paidItem ? { number: paidItem.id, title: paidItem.name } : undefined,
  };
}

/** One n8n line: installed, every file imported, its editor using Flowbay as its template library. */
async function checkLine(
  version: string,
  flowbay: { url: string },
  toImport: ToImport[],
  buyer: Buyer | null,
) {
  const install = (() => {
    try {
      const result = ensureN8n(version, log);
      record(
        version,
        'installed',
        true,
        result.installed
          ? `cold install into ${result.dir} took ${result.seconds} s`
          : `reused ${result.dir}`,
      );
      return result;
    } catch (error) {
      record(version, 'installed', false, String(error));
      return null;
    }
  })();
  if (!install) return;
  const bin = n8nBin(install.dir);

  /* (1) every n8n file, as served, imports */
  const userFolder = join(workDir, `n8n-home-${version}`);
  mkdirSync(userFolder);
  for (const entry of toImport) {
    const result = importFile(version, bin, userFolder, entry.file);
    imports.push({ version, ...entry, file: basename(entry.file), ...result });
    record(version, `n8n import:workflow ${entry.source}`, result.ok, result.detail);
  }

  /* (2) n8n's editor uses Flowbay as its template library */
  const n8nPort = await freePort();
  const n8nUrl = `http://127.0.0.1:${n8nPort}`;
  const n8n = startProcess(
    `n8n-${version}`,
    n8nNode(version),
    [bin, 'start'],
    n8nEnv(version, userFolder, {
      N8N_PORT: String(n8nPort),
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_HOST: '127.0.0.1',
      N8N_EDITOR_BASE_URL: n8nUrl,
      N8N_TEMPLATES_ENABLED: 'true',
      N8N_TEMPLATES_HOST: `${flowbay.url}/n8n`,
      // "Send to my n8n" creates workflows through n8n's public API.
      N8N_PUBLIC_API_DISABLED: 'false',
    }),
  );
  try {
    try {
      await waitFor(`${n8nUrl}/healthz`, 300, n8n.child);
      // /healthz answers while n8n still starts up; its editor's settings come once it is ready.
      await waitFor(`${n8nUrl}/rest/settings`, 300, n8n.child);
      record(
        version,
        'n8n started with N8N_TEMPLATES_HOST pointing at Flowbay',
        true,
        `${n8nUrl}, templates from ${flowbay.url}/n8n`,
      );
    } catch (error) {
      record(
        version,
        'n8n started with N8N_TEMPLATES_HOST pointing at Flowbay',
        false,
        `${String(error)}\n${n8n.output().slice(-1500)}`,
      );
      return;
    }
    await editorCheck(version, n8nUrl, flowbay.url);
    await computedVersionsCheck(version, n8nUrl, toImport);
    if (buyer) await sendToN8nCheck(version, n8nUrl, flowbay.url, buyer);
    else record(version, 'Send to my n8n', false, 'no buyer with a free and a bought workflow');
  } finally {
    await stop([n8n.child]);
  }
}

async function editorCheck(version: string, n8nUrl: string, flowbayUrl: string) {
  const JOURNEY = 'n8n editor journey: /templates/ → search → template → use → nodes on the canvas';
  const templates = await journeyTemplates(flowbayUrl);
  if (!templates) {
    record(version, JOURNEY, false, 'the Disqus demo template is not in the templates API');
    return;
  }
  const journey: string[] = [];
  journeys.set(version, journey);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const corsErrors: string[] = [];
  let page: Page | undefined;
  try {
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error' && /CORS|Access-Control/i.test(message.text()))
        corsErrors.push(message.text());
    });
    await editorJourney(page, n8nUrl, OWNER, templates.template, templates.paid, (text) => {
      journey.push(text);
      log(`journey (n8n ${version}): ${text}`);
    });
    await page.screenshot({ path: join(workDir, `canvas-${version}.png`) });
    record(version, JOURNEY, corsErrors.length === 0, corsErrors.join('; '));
  } catch (error) {
    const shot = join(tmpdir(), `flowbay-n8n-check-failure-${version}.png`);
    await page?.screenshot({ path: shot }).catch(() => undefined);
    record(
      version,
      JOURNEY,
      false,
      `${String(error).split('\n')[0] ?? ''} (at ${page?.url() ?? '?'}; screenshot ${shot})`,
    );
  } finally {
    await browser.close();
  }
}

/* ---------- the computed versions against the running n8n ---------- */

/** n8n's own packages: their nodes ship with n8n; community nodes are installed apart and not judged here. */
const BUILT_IN = ['n8n-nodes-base.', '@n8n/n8n-nodes-langchain.'];

/** Every node type and typeVersion this n8n loaded, as its editor reads them (owner session). */
async function runningNodeTypes(n8nUrl: string): Promise<Map<string, Set<number>>> {
  const api = await n8nOwnerApi(n8nUrl);
  try {
    const response = await api.get('/types/nodes.json');
    if (!response.ok()) throw new Error(`GET /types/nodes.json answered ${response.status()}`);
    const list = (await response.json()) as { name: string; version: number | number[] }[];
    const known = new Map<string, Set<number>>();
    for (const node of list) {
      const versions = known.get(node.name) ?? new Set<number>();
      for (const version of Array.isArray(node.version) ? node.version : [node.version])
        versions.add(Number(version));
      known.set(node.name, versions);
    }
    return known;
  } finally {
    await api.dispose();
  }
}

async function computedVersionsCheck(version: string, n8nUrl: string, toImport: ToImport[]) {
  let known: Map<string, Set<number>>;
  try {
    known = await runningNodeTypes(n8nUrl);
    const builtIn = [...known.keys()].filter((type) => BUILT_IN.some((prefix) => type.startsWith(prefix)));
    const pairs = [...known.values()].reduce((sum, versions) => sum + versions.size, 0);
    record(
      version,
      "n8n's node types read (GET /types/nodes.json)",
      builtIn.length > 0,
      `${known.size} node types (${builtIn.length} of n8n's own packages), ${pairs} type versions`,
    );
    if (builtIn.length === 0) return;
  } catch (error) {
    record(version, "n8n's node types read (GET /types/nodes.json)", false, String(error));
    return;
  }
  for (const entry of toImport) {
    if (!entry.demo) continue;
    const { title, requirements } = entry.demo;
    const computed = n8nCompatibility(requirements);
    const runs = runsOnRelease({ min: computed.min, max: computed.max }, version);
    const used = requirements.nodeTypeVersions.filter((node) =>
      BUILT_IN.some((prefix) => node.type.startsWith(prefix)),
    );
    const unknown = used
      .filter((node) => {
        const typeVersion = node.version === undefined || node.version === null ? 1 : Number(node.version);
        return !known.get(node.type)?.has(typeVersion);
      })
      .map((node) => `${node.type}@${node.version ?? 1}`);
    const imported =
      imports.find((row) => row.version === version && row.file === basename(entry.file))?.ok ?? null;
    // Said to run: imports and every node is known. Said not to (or unknown to the catalogue): n8n
    // misses at least one of its nodes.
    const ok = runs === true ? imported === true && unknown.length === 0 : unknown.length > 0;
    compat.push({
      version,
      title,
      min: computed.min,
      max: computed.max,
      runs,
      imported,
      unknown,
      checked: used.length,
      ok,
    });
    const range = `computed ${computed.min ?? 'none'}${computed.max ? ` to ${computed.max}` : ' and later'}`;
    record(
      version,
      `computed versions of "${title}": ${runs === true ? 'runs' : runs === false ? 'does not run' : 'unknown'} on ${version}`,
      ok,
      `${range}; ${imported ? 'imported' : 'not imported'}; ${
        unknown.length === 0
          ? `all ${used.length} built-in node types and versions known to this n8n`
          : `unknown to this n8n: ${unknown.join(', ')}`
      }`,
    );
  }
}

/* ---------- Send to my n8n ---------- */

interface SentWorkflow {
  id: string;
  title: string;
  price: number;
  nodeNames: string[];
  stickyNames: string[];
}
interface Buyer {
  cookie: string;
  workflows: SentWorkflow[];
}

/** A signed-in Flowbay call as the browser makes it (same-origin, the session cookie). */
async function flowbayCall(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, json: json as Record<string, unknown>, text };
}

/** The first workflow's node names of a served file (sticky notes apart: n8n draws them differently). */
function nodeNamesOf(text: string) {
  const parsed = JSON.parse(text) as unknown;
  const workflow = (Array.isArray(parsed) ? parsed[0] : parsed) as {
    nodes: { name: string; type: string }[];
  };
  const sticky = (node: { type: string }) => node.type === 'n8n-nodes-base.stickyNote';
  return {
    nodeNames: workflow.nodes.filter((node) => !sticky(node)).map((node) => node.name),
    stickyNames: workflow.nodes.filter(sticky).map((node) => node.name),
  };
}

/** A buyer account with a free n8n workflow and a paid one bought through the test gateway. */
async function buyerWithWorkflows(flowbay: { url: string; dataDir: string }): Promise<Buyer> {
  const { cookie } = await confirmedAccountByFetch({
    base: flowbay.url,
    dataDir: flowbay.dataDir,
    email: BUYER_EMAIL,
    password: CHECKER_PASSWORD,
    name: 'n8n buyer',
    timeoutMs: 15_000,
  });
  const catalogue = await n8nCatalogue(flowbay.url);
  // A free workflow said to run on every line checked, so each n8n is sent one it can run.
  const runsEverywhere = (item: CatalogueItem) =>
    item.compat !== null && versions.every((version) => runsOnRelease(item.compat!, version) === true);
  const free =
    catalogue.find((item) => item.price === 0 && runsEverywhere(item)) ??
    catalogue.find((item) => item.price === 0);
  const paid = catalogue.find((item) => item.price > 0);
  if (!free || !paid) throw new Error('the demo catalogue has no free or no paid n8n workflow');
  const order = await flowbayCall(flowbay.url, cookie, 'POST', '/api/orders', {
    workflow_id: paid.id,
    provider: 'test',
  });
  if (order.status !== 201) throw new Error(`checkout answered ${order.status}: ${order.text.slice(0, 300)}`);
  const params = Object.fromEntries(new URL(String(order.json.redirect_url)).searchParams);
  const pay = await flowbayCall(flowbay.url, cookie, 'POST', '/api/payments/test-gateway/complete', {
    params,
    outcome: 'pay',
  });
  if (pay.status !== 200)
    throw new Error(`the test gateway answered ${pay.status}: ${pay.text.slice(0, 300)}`);
  const workflows: SentWorkflow[] = [];
  for (const item of [free, paid]) {
    const file = await flowbayCall(flowbay.url, cookie, 'GET', `/api/workflows/${item.id}/download`);
    if (file.status !== 200)
      throw new Error(`the buyer's download of #${item.number} answered ${file.status}`);
    workflows.push({ id: item.id, title: item.title, price: item.price, ...nodeNamesOf(file.text) });
  }
  record(
    null,
    'A buyer bought a paid workflow through the test gateway',
    true,
    `"${paid.title}" (${paid.price} đ); free: "${free.title}"`,
  );
  return { cookie, workflows };
}

/** n8n's owner session over REST (set up first when the journey did not), for its own API keys page. */
async function n8nOwnerApi(n8nUrl: string) {
  // n8n binds its auth cookie to the browser-id header it was issued with.
  const api = await playwrightRequest.newContext({
    baseURL: n8nUrl,
    extraHTTPHeaders: { 'browser-id': 'flowbay-n8n-check' },
  });
  const login = () =>
    api.post('/rest/login', { data: { emailOrLdapLoginId: OWNER.email, password: OWNER.password } });
  if (!(await login()).ok()) {
    const setup = await api.post('/rest/owner/setup', { data: OWNER });
    if (!setup.ok()) throw new Error(`owner set-up answered ${setup.status()}: ${await setup.text()}`);
    const again = await login();
    if (!again.ok()) throw new Error(`sign-in answered ${again.status()}: ${await again.text()}`);
  }
  return api;
}

async function sendToN8nCheck(version: string, n8nUrl: string, flowbayUrl: string, buyer: Buyer) {
  const api = await n8nOwnerApi(n8nUrl).catch((error: unknown) => {
    record(version, 'n8n owner signed in over REST', false, String(error));
    return null;
  });
  if (!api) return;
  let apiKey: string;
  try {
    const scopesAnswer = (await (await api.get('/rest/api-keys/scopes')).json()) as { data: string[] };
    const scopes = scopesAnswer.data.filter((scope) => scope.startsWith('workflow:'));
    const created = await api.post('/rest/api-keys', {
      data: { label: 'Flowbay check', scopes, expiresAt: null },
    });
    const body = (await created.json()) as { data?: { rawApiKey?: string } };
    if (!created.ok() || !body.data?.rawApiKey) {
      throw new Error(`answered ${created.status()}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    apiKey = body.data.rawApiKey;
    record(version, 'public API key created (POST /rest/api-keys)', true, `scopes: ${scopes.join(', ')}`);
  } catch (error) {
    record(version, 'public API key created (POST /rest/api-keys)', false, String(error));
    await api.dispose();
    return;
  }
  await api.dispose();

  const saved = await flowbayCall(flowbayUrl, buyer.cookie, 'POST', '/api/me/n8n-connections', {
    base_url: n8nUrl,
    api_key: apiKey,
    name: `n8n ${version}`,
  });
  const connectionId = String(saved.json?.id ?? '');
  const tested = connectionId
    ? await flowbayCall(flowbayUrl, buyer.cookie, 'POST', `/api/me/n8n-connections/${connectionId}/test`)
    : null;
  const listed = await flowbayCall(flowbayUrl, buyer.cookie, 'GET', '/api/me/n8n-connections');
  const savedOk = saved.status === 200 && tested?.status === 200 && !listed.text.includes(apiKey);
  record(
    version,
    'saved as a Flowbay n8n connection and tested (POST /api/me/n8n-connections, …/test)',
    savedOk,
    savedOk
      ? `listed with key hint ${JSON.stringify((listed.json as unknown as { key_hint: string }[])[0]?.key_hint)}`
      : `save ${saved.status} ${saved.text.slice(0, 200)}; test ${tested?.status} ${tested?.text.slice(0, 200)}`,
  );
  if (!savedOk) return;

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    for (const workflow of buyer.workflows) {
      const name = `Send to my n8n: "${workflow.title}"${workflow.price > 0 ? ` (bought, ${workflow.price} đ)` : ' (free)'}`;
      const sent = await flowbayCall(
        flowbayUrl,
        buyer.cookie,
        'POST',
        `/api/workflows/${workflow.id}/send-to-n8n`,
        {
          connection_id: connectionId,
        },
      );
      if (sent.status !== 200) {
        record(version, name, false, `answered ${sent.status}: ${sent.text.slice(0, 300)}`);
        continue;
      }
      const {
        url,
        workflow_id: n8nId,
        credentials,
      } = sent.json as { url: string; workflow_id: string; credentials: string[] };
      const inN8n = await fetch(`${n8nUrl}/api/v1/workflows/${n8nId}`, {
        headers: { 'x-n8n-api-key': apiKey },
      });
      const n8nWorkflow = (await inN8n.json()) as { nodes?: { name: string }[] };
      const apiNames = new Set((n8nWorkflow.nodes ?? []).map((node) => node.name));
      const expected = [...workflow.nodeNames, ...workflow.stickyNames];
      const missing = expected.filter((nodeName) => !apiNames.has(nodeName));
      const entry = {
        version,
        workflow: `${workflow.title}${workflow.price > 0 ? ' (bought)' : ' (free)'}`,
        fileNodes: expected.length,
        apiNodes: apiNames.size,
        canvasNodes: null as number | null,
        credentials,
        url,
      };
      sends.push(entry);
      if (!inN8n.ok || missing.length > 0 || apiNames.size !== expected.length) {
        record(version, name, false, `n8n's API: ${inN8n.status}, missing nodes: ${missing.join(', ')}`);
        continue;
      }
      try {
        entry.canvasNodes = await openSentWorkflow(page, url, OWNER, workflow.nodeNames, (text) =>
          log(`send (n8n ${version}): ${text}`),
        );
        record(
          version,
          name,
          true,
          `${url}: ${apiNames.size} of ${expected.length} nodes in n8n's API, ${entry.canvasNodes} on the canvas; credentials to create: ${credentials.join(', ') || 'none'}`,
        );
      } catch (error) {
        const shot = join(tmpdir(), `flowbay-n8n-send-failure-${version}.png`);
        await page.screenshot({ path: shot }).catch(() => undefined);
        record(version, name, false, `${String(error).split('\n')[0]} (screenshot ${shot})`);
      }
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  let flowbay: { url: string; dataDir: string };
  try {
    flowbay = await startFlowbay();
    record(null, 'Flowbay started (embedded database, demo seeded)', true, flowbay.url);
  } catch (error) {
    record(null, 'Flowbay started (embedded database, demo seeded)', false, String(error));
    return;
  }
  const toImport = await filesToImport(flowbay);
  let buyer: Buyer | null = null;
  try {
    buyer = await buyerWithWorkflows(flowbay);
  } catch (error) {
    record(null, 'A buyer bought a paid workflow through the test gateway', false, String(error));
  }
  for (const version of versions) {
    const lineStarted = Date.now();
    try {
      await checkLine(version, flowbay, toImport, buyer);
    } catch (error) {
      record(version, 'checked to the end', false, String(error));
    }
    timings.set(version, Math.round((Date.now() - lineStarted) / 1000));
    log(`n8n ${version}: checked in ${timings.get(version)} s`);
  }
}

function writeReport() {
  const passed = steps.filter((step) => step.ok).length;
  const failed = steps.length - passed;
  const lines = [
    '# Real n8n check',
    '',
    `\`npm run check:n8n\`, n8n ${versions.join(' and ')}, ${new Date().toISOString()}, ${Math.round((Date.now() - started) / 1000)} s in all${
      timings.size > 0
        ? ` (${[...timings].map(([version, seconds]) => `n8n ${version}: ${seconds} s`).join(', ')})`
        : ''
    }.`,
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
    '| n8n | result | nodes | source | n8n said |',
    '|---|---|---|---|---|',
    ...imports.map(
      (entry) =>
        `| ${entry.version} | ${entry.ok ? 'imported' : 'FAILED'} | ${entry.nodes} | ${entry.source} | ${entry.detail.replace(/\|/g, '\\|')} |`,
    ),
    '',
    ...versions.flatMap((version) => {
      const journey = journeys.get(version) ?? [];
      return [
        `## Editor journey, n8n ${version}`,
        '',
        ...(journey.length > 0 ? journey.map((line, index) => `${index + 1}. ${line}`) : ['(not reached)']),
        '',
      ];
    }),
    '## Computed n8n versions against the running n8n',
    '',
    'For every demo n8n workflow: the release range `n8nCompatibility` computes from the node catalogue, what `runsOnRelease` says for the line, whether `n8n import:workflow` took the served file, and which of its built-in node types and typeVersions the running n8n does not list in its own `GET /types/nodes.json` (community nodes are not judged). A workflow said to run must import with every node known; one said not to must miss at least one. n8n imports (and its public API creates) a workflow whose nodes it does not know and draws them as unknown nodes, so an import alone does not show that a workflow runs: the node types do.',
    '',
    '| n8n | workflow | computed | runs on this line (computed) | imported | built-in nodes checked | unknown to this n8n | verdict |',
    '|---|---|---|---|---|---|---|---|',
    ...compat.map(
      (row) =>
        `| ${row.version} | ${row.title.replace(/\|/g, '\\|')} | ${row.min ?? 'none'}${row.max ? `–${row.max}` : '+'} | ${row.runs === null ? 'unknown' : row.runs ? 'yes' : 'no'} | ${row.imported === null ? '?' : row.imported ? 'yes' : 'no'} | ${row.checked} | ${row.unknown.join(', ') || '—'} | ${row.ok ? 'PASS' : 'FAIL'} |`,
    ),
    '',
    '## Send to my n8n',
    '',
    "A buyer saved each n8n as a connection (a public API key made with `POST /rest/api-keys`) and sent a free and a bought workflow; n8n's API and its canvas were then read back.",
    '',
    "| n8n | workflow | nodes in the file | nodes in n8n's API | nodes on the canvas (sticky notes apart) | credentials to create |",
    '|---|---|---|---|---|---|',
    ...sends.map(
      (entry) =>
        `| ${entry.version} | ${entry.workflow} | ${entry.fileNodes} | ${entry.apiNodes} | ${entry.canvasNodes ?? 'not found'} | ${entry.credentials.join(', ') || 'none'} |`,
    ),
    '',
    `${passed} passed, ${failed} failed`,
    '',
  ];
  mkdirSync(join(ROOT, 'bench/reports'), { recursive: true });
  writeFileSync(REPORT, lines.join('\n'));
  console.log(`\nReport: ${REPORT}`);
  for (const [version, seconds] of timings) console.log(`n8n ${version}: ${seconds} s`);
  // The failures again, each with the start of its detail: a log kept only by its tail still says why.
  const failures = steps.filter((step) => !step.ok);
  for (const step of failures.slice(0, 12)) {
    console.log(`FAILED ${step.name}: ${step.detail.split('\n').slice(0, 6).join(' | ').slice(0, 600)}`);
  }
  if (failures.length > 12) console.log(`… and ${failures.length - 12} more failures (listed above)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed;
}

try {
  await main();
} catch (error) {
  record(null, 'check:n8n ran to the end', false, String(error));
}
await stop(children);
const failures = writeReport();
if (!process.env.KEEP_N8N_CHECK_DIR) rmSync(workDir, { recursive: true, force: true });
else log(`kept ${workDir}`);
process.exit(failures === 0 ? 0 : 1);
