// Installs n8n (pinned) into a cache folder outside the repository and reuses it when it is
// already there. Used by `npm run check:n8n`; runnable alone: `node scripts/check-n8n/install.mjs`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const N8N_VERSION = process.env.N8N_VERSION ?? '1.119.2';

export function cacheDir() {
  return join(process.env.N8N_CACHE_DIR ?? join(homedir(), '.cache', 'flowbay-n8n'), N8N_VERSION);
}

export function n8nBin(dir = cacheDir()) {
  return join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
}

const manifest = {
  name: 'flowbay-n8n-check',
  private: true,
  description: "n8n for Flowbay's real-n8n check (written by scripts/check-n8n/install.mjs)",
  dependencies: { n8n: N8N_VERSION },
  // The registry here lacks the xlsx build n8n pins (a tarball URL); 0.18.5 is the last on npm.
  overrides: { xlsx: '0.18.5' },
  // npm 11 runs no dependency install script unless allowed: sqlite3 must build its binding.
  allowScripts: { sqlite3: true },
};

function sqliteBinding(dir) {
  return join(dir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
}

function run(cmd, args, cwd, log) {
  log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, CI: 'true' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
}

/** Installs when needed; returns { dir, installed: boolean, seconds }. */
export function ensureN8n(log = (m) => console.log(m)) {
  const dir = cacheDir();
  const marker = join(dir, '.flowbay-installed');
  const want = JSON.stringify(manifest);
  if (
    existsSync(marker) &&
    readFileSync(marker, 'utf8') === want &&
    existsSync(n8nBin(dir)) &&
    existsSync(sqliteBinding(dir))
  ) {
    log(`n8n ${N8N_VERSION}: reusing ${dir}`);
    return { dir, installed: false, seconds: 0 };
  }
  const started = Date.now();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  log(`n8n ${N8N_VERSION}: installing into ${dir} (cold install, several minutes)`);
  run('npm', ['install', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error'], dir, log);
  if (!existsSync(sqliteBinding(dir))) {
    // No prebuilt binary can be downloaded here: build from source (python3, make, g++).
    run('npm', ['rebuild', 'sqlite3', '--build-from-source', '--allow-scripts=sqlite3'], dir, log);
  }
  if (!existsSync(sqliteBinding(dir)))
    throw new Error(`sqlite3 was not built: ${sqliteBinding(dir)} is missing`);
  if (!existsSync(n8nBin(dir))) throw new Error(`n8n is missing: ${n8nBin(dir)}`);
  writeFileSync(marker, want);
  const seconds = Math.round((Date.now() - started) / 1000);
  log(`n8n ${N8N_VERSION}: installed in ${seconds} s`);
  return { dir, installed: true, seconds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureN8n();
}
