/**
 * The clean exports the safety check is measured on: the repository's fixtures (n8n, Make, Zapier)
 * plus the shared corpus when there is one (SHARED_CORPUS_DIR, else /work/shared/corpus when that
 * folder exists), without duplicates. `synthetic/` (leaked secrets on purpose) and `bad/` (not
 * JSON) are not clean and are left out. SAFETY_EXTRA_CORPUS may name a folder of more real exports
 * (any depth), measured apart as a wider sample.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { CleanExport } from '../../packages/workflow-formats/src/safety-variants.ts';

export const ROOT = join(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'packages/workflow-formats/test/fixtures');
const CLEAN_FOLDERS = ['n8n', 'make', 'zapier'];

export function sharedCorpusDir(): string | undefined {
  return [process.env.SHARED_CORPUS_DIR, '/work/shared/corpus'].find((dir): dir is string =>
    Boolean(dir && existsSync(dir)),
  );
}

/** Clean exports of the fixtures and the shared corpus, each once (by content), sorted by name. */
export function cleanCorpus(): { files: CleanExport[]; sources: string[] } {
  const seen = new Set<string>();
  const files: CleanExport[] = [];
  const sources: string[] = [];
  for (const [label, root] of [
    ['fixtures', FIXTURES],
    ['shared corpus', sharedCorpusDir()],
  ] as const) {
    if (root === undefined) continue;
    sources.push(`${label} (${root === FIXTURES ? relative(ROOT, root) : root})`);
    for (const folder of CLEAN_FOLDERS) {
      const dir = join(root, folder);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).sort()) {
        if (!name.endsWith('.json')) continue;
        const text = readFileSync(join(dir, name), 'utf8');
        const hash = createHash('sha256').update(text).digest('hex');
        if (seen.has(hash)) continue;
        seen.add(hash);
        files.push({ name: `${folder}/${name}`, text });
      }
    }
  }
  return { files, sources };
}

/** The wider sample named by SAFETY_EXTRA_CORPUS: every .json under it. */
export function extraCorpus(): { dir: string; files: CleanExport[] } | undefined {
  const dir = process.env.SAFETY_EXTRA_CORPUS;
  if (!dir || !existsSync(dir)) return undefined;
  const files: CleanExport[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json'))
        files.push({ name: relative(dir, path), text: readFileSync(path, 'utf8') });
    }
  };
  walk(dir);
  return { dir, files };
}
