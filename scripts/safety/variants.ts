/**
 * `npx tsx scripts/safety/variants.ts [--out=<folder>] [--count=300]`: writes risky variants of the
 * clean corpus (scripts/safety/corpus.ts), one file each, and `manifest.json` listing the finding
 * each one plants (code, node, detail) and the clean file it came from. Default folder: a
 * `flowbay-safety-variants` folder in the system's temporary directory (the files are generated,
 * never committed). bench/safety/run.ts generates the same variants in memory.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { plantRiskyVariants } from '../../packages/workflow-formats/src/safety-variants.ts';
import { cleanCorpus } from './corpus.ts';

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const out = resolve(option('out') ?? join(tmpdir(), 'flowbay-safety-variants'));
const count = Number(option('count') ?? 300);

const { files, sources } = cleanCorpus();
const variants = plantRiskyVariants(files, count);
rmSync(out, { recursive: true, force: true });
for (const platform of ['n8n', 'make', 'zapier']) mkdirSync(join(out, platform), { recursive: true });
for (const variant of variants) writeFileSync(join(out, variant.platform, variant.name), variant.text);
writeFileSync(
  join(out, 'manifest.json'),
  JSON.stringify(
    variants.map(({ name, platform, pattern, base, planted }) => ({
      file: `${platform}/${name}`,
      pattern,
      base,
      planted,
    })),
    null,
    2,
  ),
);
console.log(`${variants.length} variants of ${files.length} clean files (${sources.join(', ')}) in ${out}`);
