/**
 * Writes scripts/iconify-picks.json: the few icons the overrides name from Iconify sets that have
 * no per-set `@iconify-json/<set>` package (theSVG Color, selfh.st). Those sets ship only inside
 * the whole `@iconify/json` (over 100 MB), so we keep the picked icons, not the collection:
 *
 *   npm pack @iconify/json --pack-destination /tmp && tar xzf /tmp/iconify-json-*.tgz -C /tmp
 *   npx tsx packages/workflow-formats/scripts/pick-iconify-icons.ts /tmp/package
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND_OVERRIDES, PICKED_SETS } from './brand-overrides.ts';

interface IconifyJson {
  info?: {
    name?: string;
    author?: { name?: string; url?: string };
    license?: { title?: string; spdx?: string };
  };
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number; left?: number; top?: number }>;
  aliases?: Record<string, { parent: string }>;
}

const root = process.argv[2];
if (!root) throw new Error('usage: pick-iconify-icons.ts <unpacked @iconify/json folder>');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const sets: Record<string, IconifyJson> = {};
for (const set of PICKED_SETS) {
  const data = JSON.parse(readFileSync(join(root, 'json', `${set}.json`), 'utf8')) as IconifyJson;
  const names = Object.values(BRAND_OVERRIDES)
    .filter((source): source is NonNullable<typeof source> => source?.startsWith(`${set}:`) === true)
    .map((source) => source.slice(set.length + 1))
    .sort();
  const icons: IconifyJson['icons'] = {};
  for (const name of names) {
    const icon = data.icons[name] ?? data.icons[data.aliases?.[name]?.parent ?? ''];
    if (!icon) throw new Error(`${set} has no ${name}`);
    icons[name] = icon;
  }
  sets[set] = {
    info: { name: data.info?.name, author: data.info?.author, license: data.info?.license },
    ...(data.width ? { width: data.width } : {}),
    ...(data.height ? { height: data.height } : {}),
    icons,
  };
}
writeFileSync(
  join(import.meta.dirname, 'iconify-picks.json'),
  `${JSON.stringify({ from: `@iconify/json ${version}`, sets }, null, 1)}\n`,
);
console.log(
  `picked ${Object.entries(sets)
    .map(([set, data]) => `${set} ${Object.keys(data.icons).length}`)
    .join(', ')}`,
);
