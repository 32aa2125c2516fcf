/**
 * Brand icon coverage: the share of third-party app nodes drawn with their brand mark, with
 * core nodes (Set, If, Code, Merge …, which keep their own generic glyphs) and open protocols
 * (AMQP, MQTT, LDAP, the S3 API, JWT: no one vendor's app) counted apart.
 * Measured on n8n-nodes-base's node list (reference/n8n-nodes-base.json) and on a folder of exports.
 *
 *   npm run icons:coverage [-- <exports folder>] [-- --report bench/reports/icons.md]
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isCoreApp, isProtocolApp, normalizeAppKey } from './apps.ts';
import { appInfo, brandIconSources } from './icons.ts';
import { parseWorkflowExport } from './parse.ts';

export interface IconCoverage {
  /** Third-party app nodes (node types for the node list, node occurrences for exports). */
  apps: number;
  brand: number;
  /** brand / apps */
  brandShare: number;
  core: number;
  /** Core nodes with their own glyph (not the neutral fallback). */
  coreWithGlyph: number;
  /** Third-party apps without a brand mark, most nodes first. */
  missing: { key: string; count: number }[];
  /** Open protocol nodes (never in `apps`), with how many have a mark of their own. */
  protocol: number;
  protocolWithBrand: number;
  protocols: { key: string; count: number }[];
}

interface Tally {
  apps: number;
  brand: number;
  core: number;
  coreWithGlyph: number;
  missing: Map<string, number>;
  protocolWithBrand: number;
  protocols: Map<string, number>;
}

function tally(): Tally {
  return {
    apps: 0,
    brand: 0,
    core: 0,
    coreWithGlyph: 0,
    missing: new Map(),
    protocolWithBrand: 0,
    protocols: new Map(),
  };
}

function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function byCount(counts: Map<string, number>): { key: string; count: number }[] {
  return [...counts]
    .map(([key, n]) => ({ key, count: n }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

function count(into: Tally, key: string, core: boolean): void {
  const { icon } = appInfo(key);
  if (core) {
    into.core++;
    if (icon.type !== 'fallback') into.coreWithGlyph++;
    return;
  }
  if (isProtocolApp(key)) {
    bump(into.protocols, key);
    if (icon.type === 'brand') into.protocolWithBrand++;
    return;
  }
  into.apps++;
  if (icon.type === 'brand') into.brand++;
  else bump(into.missing, key);
}

function result(from: Tally): IconCoverage {
  return {
    apps: from.apps,
    brand: from.brand,
    brandShare: from.apps === 0 ? 0 : from.brand / from.apps,
    core: from.core,
    coreWithGlyph: from.coreWithGlyph,
    missing: byCount(from.missing),
    protocol: [...from.protocols.values()].reduce((sum, n) => sum + n, 0),
    protocolWithBrand: from.protocolWithBrand,
    protocols: byCount(from.protocols),
  };
}

interface N8nNodeList {
  package: string;
  version: string;
  nodes: { type: string; displayName: string; categories: string[] }[];
}

export function n8nNodeList(): N8nNodeList {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '../reference/n8n-nodes-base.json'), 'utf8'),
  ) as N8nNodeList;
}

/** Every node type of n8n-nodes-base once; n8n's own "Core Nodes" category counts as core too. */
export function measureNodeListCoverage(list: N8nNodeList = n8nNodeList()): IconCoverage {
  const into = tally();
  for (const node of list.nodes) {
    const key = normalizeAppKey(node.type);
    count(into, key, isCoreApp(key) || node.categories.includes('Core Nodes'));
  }
  return result(into);
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

/** Every node occurrence in the exports under `dir`. */
export function measureIconCoverage(dir: string): IconCoverage & { files: number } {
  const into = tally();
  let files = 0;
  for (const file of jsonFiles(dir)) {
    const parsed = parseWorkflowExport(readFileSync(file, 'utf8'));
    if (!parsed.ok) continue;
    files++;
    for (const graph of parsed.workflows)
      for (const node of graph.nodes) count(into, node.app, isCoreApp(node.app));
  }
  return { ...result(into), files };
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / Math.max(whole, 1)).toFixed(1)} %`;
}

function listed(counts: { key: string; count: number }[]): string {
  return counts.map((app) => (app.count > 1 ? `${app.key} ×${app.count}` : app.key)).join(', ') || 'none';
}

function describe(label: string, coverage: IconCoverage, unit: string): string[] {
  return [
    `${label}: brand marks for ${coverage.brand} of ${coverage.apps} third-party app ${unit} = ${percent(coverage.brand, coverage.apps)}`,
    `  core ${unit} counted apart: ${coverage.core} (${percent(coverage.coreWithGlyph, coverage.core)} with their own glyph)`,
    `  open protocol ${unit} counted apart: ${coverage.protocol} (${coverage.protocolWithBrand} with a mark): ${listed(coverage.protocols)}`,
    `  without a brand mark: ${listed(coverage.missing)}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const reportAt = args.indexOf('--report');
  const reportPath = reportAt >= 0 ? args[reportAt + 1] : undefined;
  const dir =
    args.find((arg, index) => !arg.startsWith('--') && index !== reportAt + 1) ??
    join(import.meta.dirname, '../test/fixtures');
  const list = n8nNodeList();
  const nodeList = measureNodeListCoverage(list);
  const corpus = measureIconCoverage(dir);
  const lines = [
    ...describe(
      `${list.package} ${list.version} node list (${list.nodes.length} node types)`,
      nodeList,
      'node types',
    ),
    ...describe(`exports in ${relative(process.cwd(), dir) || '.'} (${corpus.files} files)`, corpus, 'nodes'),
    `brand marks shipped: ${brandIconSources().size} (brand-icons/SOURCES.md)`,
  ];
  console.log(lines.join('\n'));
  if (reportPath) {
    writeFileSync(
      reportPath,
      [
        '# Brand icon coverage',
        '',
        'Command: `npm run icons:coverage -- --report bench/reports/icons.md`',
        `(\`packages/workflow-formats/src/coverage.ts\`). A third-party app node counts as covered when its`,
        'app key has a brand mark in `packages/workflow-formats/brand-icons/` (or Simple Icons at run time).',
        'Core nodes are our core apps plus, on the node list, n8n\'s own "Core Nodes" category; they keep',
        'generic glyphs and are counted apart. Open protocols and standards (AMQP, MQTT, LDAP, the S3 API of',
        "n8n's S3 node, JWT) are no one vendor's app: they are counted apart too, as their own group",
        '(decision 0101).',
        '',
        'The apps listed without a brand mark are small SaaS products that none of the openly licensed sets',
        'we may ship carries. Searched: every set of `@iconify/json` without a non-commercial or GPL licence',
        '(SVG Logos, Simple Icons, CoreUI Brands, Streamline Logos, Arcticons, Material Design Icons,',
        'theSVG, selfh.st, Font Awesome Brands, Boxicons, Devicon, Skill Icons, VS Code Icons, Tabler,',
        'Remix, Hugeicons, Mingcute, Web3 Icons…), Lobe Icons, Super Tiny Icons, `@thesvg/icons`, SVGL,',
        'developer-icons, platformicons, and older Simple Icons releases. Custom Brand Icons (CC BY-NC-SA)',
        "and n8n's own node icons (Sustainable Use Licence) may not be shipped.",
        '',
        '```',
        ...lines,
        '```',
        '',
      ].join('\n'),
    );
    console.log(`report written to ${reportPath}`);
  }
}
