// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server in this process (TypeScript is loaded by tsx, so there is no separate server build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
  'packages/workflow-formats/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const hasWebApp = existsSync(join(root, 'apps/web/index.html'));
const stale =
  !existsSync(builtIndex) ||
  webSources.some((source) => newestMtime(join(root, source)) > statSync(builtIndex).mtimeMs);
if (hasWebApp && stale && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app (first start, or its sources changed)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@flowbay/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
process.chdir(root);
await import('../apps/server/src/server.ts');
