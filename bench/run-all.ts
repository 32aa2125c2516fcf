/**
 * `npm run bench [-- catalog formats web uploads safety]`: runs the named benchmarks (all by default); each writes
 * its report to bench/reports/. Arguments after the names are passed on (e.g. `--quick`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const BENCHES: Record<string, string> = {
  catalog: 'catalog/run.ts',
  formats: 'formats/parse.bench.ts',
  web: 'web/run.ts',
  uploads: 'uploads/run.ts',
  search: 'search/run.ts',
  'search-engine': 'search/engine.ts',
  safety: 'safety/run.ts',
};
const args = process.argv.slice(2);
const names = args.filter((arg) => arg in BENCHES);
const passOn = args.filter((arg) => !(arg in BENCHES));
let failed = false;
for (const name of names.length > 0 ? names : Object.keys(BENCHES)) {
  const script = `${here}${BENCHES[name]}`;
  if (!existsSync(script)) {
    console.log(`(${name}: ${BENCHES[name]} does not exist yet, skipped)`);
    continue;
  }
  console.log(`\n=== bench: ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...passOn], {
    cwd: here,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
