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
export function similarity(a: Comparable, b: Comparable): number {
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
