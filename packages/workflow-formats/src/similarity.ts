import type { ExportSummary } from './summary.ts';

type Comparable = Pick<ExportSummary, 'apps'> & { nodes?: string[] };

export interface VersionDiff {
  nodesAdded: string[];
  nodesRemoved: string[];
  appsAdded: string[];
  appsRemoved: string[];
}

function difference(from: readonly string[], to: readonly string[]): string[] {
  const remaining = new Map<string, number>();
  for (const item of to) remaining.set(item, (remaining.get(item) ?? 0) + 1);
  const out: string[] = [];
  for (const item of from) {
    const left = remaining.get(item) ?? 0;
    if (left > 0) remaining.set(item, left - 1);
    else out.push(item);
  }
  return out;
}

/** What the submitted version adds to and removes from the current one (nodes as `type|name`, apps by name). */
export function diffSummaries(current: Comparable, submitted: Comparable): VersionDiff {
  const appsOf = (summary: Comparable) => summary.apps.map((app) => app.name);
  return {
    nodesAdded: difference(submitted.nodes ?? [], current.nodes ?? []),
    nodesRemoved: difference(current.nodes ?? [], submitted.nodes ?? []),
    appsAdded: difference(appsOf(submitted), appsOf(current)),
    appsRemoved: difference(appsOf(current), appsOf(submitted)),
  };
}

/**
 * How alike two exports are, from 0 to 1: the Jaccard index of their node multisets (type and name).
 * Two files whose node types match one for one (names changed only) count as 1.
 */
export function similarity(a: { nodes?: string[] }, b: { nodes?: string[] }): number {
  const left = a.nodes ?? [];
  const right = b.nodes ?? [];
  if (left.length === 0 || right.length === 0) return 0;
  const typesOf = (nodes: string[]) =>
    nodes
      .map((entry) => entry.slice(0, entry.indexOf('|')))
      .sort()
      .join('\n');
  if (typesOf(left) === typesOf(right)) return 1;
  const shared = left.length - difference(left, right).length;
  return shared / (left.length + right.length - shared);
}

/** 32-bit FNV-1a of a string, from a seed: cheap, stable across processes and browsers. */
function fnv1a(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const BANDS = 8;
const ROWS = 4;

/**
 * Keys two near-identical exports are likely to share, for an index to find candidates without
 * comparing every pair: one key for the multiset of node types (a copy with renamed nodes), and
 * MinHash bands over the `type|name` nodes (8 bands of 4: two exports with a node similarity of 0.8
 * share a band with a probability of about 0.98; at 0.3 about 0.06). The candidates are then
 * measured with `similarity`.
 */
export function similarityKeys(nodes: readonly string[]): string[] {
  if (nodes.length === 0) return [];
  const types = nodes.map((entry) => entry.slice(0, entry.indexOf('|'))).sort();
  const keys = [`t:${fnv1a(types.join('\n'), 0).toString(36)}`];
  for (let band = 0; band < BANDS; band++) {
    const parts: string[] = [];
    for (let row = 0; row < ROWS; row++) {
      const seed = band * ROWS + row + 1;
      let min = 0xffffffff;
      for (const entry of nodes) min = Math.min(min, fnv1a(entry, Math.imul(seed, 0x9e3779b1)));
      parts.push(min.toString(36));
    }
    keys.push(`b${band}:${parts.join('.')}`);
  }
  return keys;
}
