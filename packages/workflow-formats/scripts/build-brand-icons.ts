/**
 * Builds `brand-icons/<app-key>.svg` from icon sets whose licences allow shipping them (see
 * brand-icons/SOURCES.md). The sets are dev dependencies; only the chosen marks are committed, so
 * the server reads small files and never loads a whole set.
 *
 *   npx tsx packages/workflow-formats/scripts/build-brand-icons.ts
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as simpleIcons from 'simple-icons';
import { APP_DEFINITIONS, appDisplayName, isCoreApp, normalizeAppKey, squash } from '../src/apps.ts';
import { parseWorkflowExport } from '../src/parse.ts';
import { BRAND_OVERRIDES, type BrandSource, PICKED_SETS } from './brand-overrides.ts';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'brand-icons');
const CORPUS = join(ROOT, 'test/fixtures');

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
}
interface IconifySet {
  width?: number;
  height?: number;
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, { parent: string }>;
}

/** Iconify sets in the order they are tried; `auto: false` sets are used only by name in the overrides. */
const ICONIFY_SETS = [
  { set: 'logos', colour: true, auto: true },
  { set: 'cib', colour: false, auto: true },
  { set: 'streamline-logos', colour: false, auto: true },
  { set: 'arcticons', colour: false, auto: true },
  // Material Design Icons mixes a few brands into thousands of generic symbols: never matched by name.
  { set: 'mdi', colour: false, auto: false },
  // Only the icons the overrides name, kept in iconify-picks.json (no per-set package exists).
  { set: 'thesvg-color', colour: true, auto: false },
  { set: 'selfhst', colour: true, auto: false },
] as const;
type IconifySetName = (typeof ICONIFY_SETS)[number]['set'];

const picked = JSON.parse(readFileSync(join(import.meta.dirname, 'iconify-picks.json'), 'utf8')) as {
  sets: Record<string, IconifySet>;
};
const iconify = new Map<string, IconifySet>(
  ICONIFY_SETS.map(({ set }) => [
    set,
    (PICKED_SETS as readonly string[]).includes(set)
      ? picked.sets[set]!
      : (require(`@iconify-json/${set}/icons.json`) as IconifySet),
  ]),
);
const lobeDir = join(require.resolve('@lobehub/icons-static-svg/package.json'), '../icons');
const lobeNames = new Set(readdirSync(lobeDir).map((file) => file.replace(/\.svg$/, '')));
const tinyDir = join(require.resolve('super-tiny-icons/package.json'), '../images/svg');
const tinyNames = new Set(readdirSync(tinyDir).map((file) => file.replace(/\.svg$/, '')));
const simple = new Map<string, { slug: string; hex: string; path: string; title: string }>();
for (const icon of Object.values(simpleIcons as Record<string, unknown>)) {
  if (icon && typeof icon === 'object' && 'slug' in icon && 'path' in icon && 'hex' in icon) {
    const { slug, hex, path, title } = icon as { slug: string; hex: string; path: string; title: string };
    simple.set(slug, { slug, hex, path, title });
  }
}

function iconifyIcon(set: string, name: string): { icon: IconifyIcon; width: number; height: number } {
  const data = iconify.get(set)!;
  const icon = data.icons[name] ?? data.icons[data.aliases?.[name]?.parent ?? ''];
  if (!icon) throw new Error(`${set} has no ${name}`);
  return { icon, width: icon.width ?? data.width ?? 16, height: icon.height ?? data.height ?? 16 };
}

/** A mark that reads at 16–24 px: not much wider or taller than square (wordmarks are wide). */
function isSquarish(set: string, name: string): boolean {
  const { width, height } = iconifyIcon(set, name);
  return width / height <= 1.8 && height / width <= 1.8;
}

/** The name a set gives a brand, without its variant suffixes. */
function baseName(set: IconifySetName, name: string): string {
  if (set === 'logos') return name.replace(/-icon$/, '');
  if (set === 'streamline-logos') return name.replace(/-logo(-\d)?(-block|-solid)?$/, '');
  return name;
}

/** Variants a set offers for one brand, best first (the square mark, the plain logo). */
function variantRank(set: IconifySetName, name: string): number {
  if (set === 'logos') return name.endsWith('-icon') ? 0 : 1;
  if (set === 'streamline-logos') return /-logo$/.test(name) ? 0 : /-solid$/.test(name) ? 1 : 2;
  return 0;
}

const iconifyBySquash = new Map<IconifySetName, Map<string, string>>();
for (const { set, auto } of ICONIFY_SETS) {
  if (!auto) continue;
  const best = new Map<string, string>();
  for (const name of Object.keys(iconify.get(set)!.icons).sort()) {
    if (!isSquarish(set, name)) continue;
    const base = squash(baseName(set, name));
    const known = best.get(base);
    if (!known || variantRank(set, name) < variantRank(set, known)) best.set(base, name);
  }
  iconifyBySquash.set(set, best);
}

const lobeBySquash = new Map<string, string>();
for (const name of [...lobeNames].sort()) {
  if (name.endsWith('-text') || name.endsWith('-brand') || name.endsWith('-brand-color')) continue;
  const base = squash(name.replace(/-color$/, ''));
  const known = lobeBySquash.get(base);
  if (!known || name.endsWith('-color')) lobeBySquash.set(base, name);
}
const tinyBySquash = new Map([...tinyNames].map((name) => [squash(name), name]));

/** Names to try for a key: the key, its display name, its aliases, each squashed. */
function candidateNames(key: string, displayNames: Set<string>): string[] {
  const definition = APP_DEFINITIONS.get(key);
  const names = [key, appDisplayName(key), ...displayNames, ...(definition?.aliases ?? [])];
  if (definition?.brand) names.unshift(definition.brand);
  return [...new Set(names.map(squash).filter(Boolean))];
}

function findSource(key: string, displayNames: Set<string>): BrandSource | null {
  if (key in BRAND_OVERRIDES) return BRAND_OVERRIDES[key]!;
  if (APP_DEFINITIONS.get(key)?.brand === null) return null;
  const names = candidateNames(key, displayNames);
  const aiModel = APP_DEFINITIONS.get(key)?.generic === 'ai-model';
  // Colour marks first, from any set; then single-colour ones.
  const colour: ((name: string) => BrandSource | undefined)[] = [
    (name) =>
      aiModel && lobeBySquash.get(name)?.endsWith('-color') ? `lobe:${lobeBySquash.get(name)}` : undefined,
    (name) =>
      iconifyBySquash.get('logos')!.has(name)
        ? `logos:${iconifyBySquash.get('logos')!.get(name)}`
        : undefined,
    (name) => (lobeBySquash.get(name)?.endsWith('-color') ? `lobe:${lobeBySquash.get(name)}` : undefined),
    (name) => (tinyBySquash.has(name) ? `super-tiny-icons:${tinyBySquash.get(name)}` : undefined),
    (name) => (simple.has(name) ? `simple-icons:${name}` : undefined),
  ];
  const mono: ((name: string) => BrandSource | undefined)[] = [
    ...(['cib', 'streamline-logos', 'arcticons'] as const).map(
      (set) => (name: string) =>
        iconifyBySquash.get(set)!.has(name)
          ? (`${set}:${iconifyBySquash.get(set)!.get(name)}` as BrandSource)
          : undefined,
    ),
    (name) => (lobeBySquash.has(name) ? `lobe:${lobeBySquash.get(name)}` : undefined),
  ];
  for (const finders of [colour, mono])
    for (const name of names)
      for (const find of finders) {
        const found = find(name);
        if (found) return found;
      }
  return null;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Simple Icons are one colour; a near-white brand colour would vanish on a white card. */
function visibleHex(hex: string): string {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.85 ? '1E293B' : hex;
}

/** Single-colour marks are drawn in this slate, so they sit quietly beside colour ones. */
const MONO = '#1E293B';

function svgFor(source: BrandSource, title: string): string {
  const colon = source.indexOf(':');
  const set = source.slice(0, colon);
  const name = source.slice(colon + 1);
  const head = (viewBox: string, extra = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="24" height="24" role="img"${extra}><title>${escapeXml(title)}</title>`;
  if (iconify.has(set)) {
    const { icon, width, height } = iconifyIcon(set, name);
    const colour = ICONIFY_SETS.find((entry) => entry.set === set)!.colour;
    return `${head(`${icon.left ?? 0} ${icon.top ?? 0} ${width} ${height}`, colour ? '' : ` color="${MONO}"`)}${icon.body}</svg>\n`;
  }
  if (set === 'simple-icons') {
    const icon = simple.get(name);
    if (!icon) throw new Error(`simple-icons has no ${name}`);
    return `${head('0 0 24 24')}<path fill="#${visibleHex(icon.hex)}" d="${icon.path}"/></svg>\n`;
  }
  const dir = set === 'lobe' ? lobeDir : tinyDir;
  if (!(set === 'lobe' ? lobeNames : tinyNames).has(name)) throw new Error(`${set} has no ${name}`);
  const file = readFileSync(join(dir, `${name}.svg`), 'utf8');
  const body = file
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .trim();
  const viewBox = /viewBox="([^"]+)"/.exec(file)?.[1] ?? '0 0 24 24';
  return `${head(viewBox, set === 'lobe' ? ` color="${MONO}"` : '')}${body}\n`;
}

/** Every third-party app key we know of: our definitions, n8n's node list, the corpus. */
function appKeys(): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  const add = (key: string, displayName?: string) => {
    if (isCoreApp(key) || key === 'unknown') return;
    const names = keys.get(key) ?? new Set<string>();
    if (displayName) names.add(displayName.replace(/ Trigger$/, ''));
    keys.set(key, names);
  };
  for (const definition of APP_DEFINITIONS.values()) add(definition.key);
  const n8n = JSON.parse(readFileSync(join(ROOT, 'reference/n8n-nodes-base.json'), 'utf8')) as {
    nodes: { type: string; displayName: string }[];
  };
  for (const node of n8n.nodes) add(normalizeAppKey(node.type), node.displayName);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(join(dir, entry.name))
        : entry.name.endsWith('.json')
          ? [join(dir, entry.name)]
          : [],
    );
  for (const file of files(CORPUS)) {
    const result = parseWorkflowExport(readFileSync(file, 'utf8'));
    if (result.ok) for (const graph of result.workflows) for (const node of graph.nodes) add(node.app);
  }
  return keys;
}

const chosen: { key: string; source: BrandSource }[] = [];
const missing: string[] = [];
for (const [key, displayNames] of [...appKeys()].sort(([a], [b]) => a.localeCompare(b))) {
  const source = findSource(key, displayNames);
  if (source) chosen.push({ key, source });
  else missing.push(key);
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
for (const { key, source } of chosen)
  writeFileSync(join(OUT, `${key}.svg`), svgFor(source, appDisplayName(key)));
writeFileSync(
  join(OUT, 'index.json'),
  `${JSON.stringify(Object.fromEntries(chosen.map(({ key, source }) => [key, source])), null, 1)}\n`,
);
/** One note per icon set: what it is, its licence and what shipping its icons asks of us. */
const SOURCE_NOTES: Record<string, string> = {
  logos:
    '**SVG Logos** by Gil Barbara (npm `@iconify-json/logos`), CC0 1.0: public domain, no conditions. Colour marks; the square `-icon` variant is preferred.',
  'simple-icons':
    '**Simple Icons** (npm `simple-icons`), CC0 1.0: public domain, no conditions. One path per brand, drawn in its brand colour (near-white colours in slate).',
  lobe: '**Lobe Icons** by LobeHub (npm `@lobehub/icons-static-svg`), MIT: keep the copyright notice (Copyright (c) 2023 LobeHub). AI model and provider marks.',
  'super-tiny-icons':
    '**Super Tiny Icons** by Terence Eden (npm `super-tiny-icons`), MIT: keep the copyright notice (Copyright (c) 2017 Terence Eden).',
  arcticons:
    '**Arcticons** by Donnnno and the Arcticons team (npm `@iconify-json/arcticons`), CC BY-SA 4.0: credit the authors (this note) and share these icon files, and changes to them, under CC BY-SA 4.0. Line icons; used only where no colour mark exists.',
  'streamline-logos':
    '**Streamline Logos** by Streamline (npm `@iconify-json/streamline-logos`), CC BY 4.0: credit Streamline (this note).',
  cib: '**CoreUI Brands** by creativeLabs Łukasz Holeczek (npm `@iconify-json/cib`), CC0 1.0: public domain.',
  'thesvg-color':
    '**theSVG Color** by thesvg.org (npm `@iconify/json`, set `thesvg-color`; the icons used are kept in `scripts/iconify-picks.json`), MIT: keep the copyright notice (Copyright (c) 2025 thesvg.org). Only named icons in the overrides are used.',
  selfhst:
    '**selfh.st/icons** by selfh.st (npm `@iconify/json`, set `selfhst`; the icons used are kept in `scripts/iconify-picks.json`), CC BY 4.0: credit selfh.st (this note). Only named icons in the overrides are used.',
  mdi: '**Material Design Icons** by Pictogrammers (npm `@iconify-json/mdi`), Apache 2.0: keep the licence notice. Only named icons in the overrides are used.',
};

const bySet = new Map<string, number>();
for (const { source } of chosen) {
  const set = source.slice(0, source.indexOf(':'));
  bySet.set(set, (bySet.get(set) ?? 0) + 1);
}
writeFileSync(
  join(OUT, 'SOURCES.md'),
  [
    '# Brand icons: sources',
    '',
    'Generated by `packages/workflow-formats/scripts/build-brand-icons.ts` (do not edit by hand; edit',
    '`scripts/brand-overrides.ts` and run it again). Each `<app-key>.svg` here is one mark taken from one',
    'of the icon sets below; `index.json` names the set and icon of every file. The marks are trademarks',
    'of their owners, shown only to name the app a workflow uses.',
    '',
    ...[...bySet]
      .sort((a, b) => b[1] - a[1])
      .map(([set, n]) => `- ${SOURCE_NOTES[set] ?? set} ${n} icon${n === 1 ? '' : 's'}.`),
    '',
    `No allowed set has a mark for: ${missing.join(', ')}. These apps keep a generic glyph.`,
    '',
  ].join('\n'),
);
console.log(`${chosen.length} brand icons (${[...bySet].map(([set, n]) => `${set} ${n}`).join(', ')})`);
console.log(`no brand icon for ${missing.length}: ${missing.join(', ')}`);
