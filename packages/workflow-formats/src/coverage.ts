/**
 * Icon coverage: the share of node occurrences in a set of exports whose app gets a specific
 * (brand or generic) icon rather than the fallback. Run: `npx tsx packages/workflow-formats/src/coverage.ts [dir]`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { appInfo } from './icons.ts';
import { parseWorkflowExport } from './parse.ts';

export interface IconCoverage {
  files: number;
  nodes: number;
  brand: number;
  generic: number;
  fallback: number;
  /** (brand + generic) / nodes */
  share: number;
  fallbackApps: { key: string; count: number }[];
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

export function measureIconCoverage(dir: string): IconCoverage {
  const coverage = { files: 0, nodes: 0, brand: 0, generic: 0, fallback: 0 };
  const fallbackApps = new Map<string, number>();
  for (const file of jsonFiles(dir)) {
    const result = parseWorkflowExport(readFileSync(file, 'utf8'));
    if (!result.ok) continue;
    coverage.files++;
    for (const graph of result.workflows) {
      for (const node of graph.nodes) {
        coverage.nodes++;
        const { icon } = appInfo(node.app);
        coverage[icon.type]++;
        if (icon.type === 'fallback') fallbackApps.set(node.app, (fallbackApps.get(node.app) ?? 0) + 1);
      }
    }
  }
  return {
    ...coverage,
    share: coverage.nodes === 0 ? 0 : (coverage.brand + coverage.generic) / coverage.nodes,
    fallbackApps: [...fallbackApps].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? join(import.meta.dirname, '../../../../shared/corpus');
  const coverage = measureIconCoverage(dir);
  const percent = (n: number) => `${((100 * n) / Math.max(coverage.nodes, 1)).toFixed(1)} %`;
  console.log(`Icon coverage over ${coverage.nodes} node occurrences in ${coverage.files} files (${dir}):`);
  console.log(
    `  specific icon: ${percent(coverage.brand + coverage.generic)} (brand ${percent(coverage.brand)}, generic ${percent(coverage.generic)}), fallback ${percent(coverage.fallback)}`,
  );
  if (coverage.fallbackApps.length > 0)
    console.log(
      `  fallback apps: ${coverage.fallbackApps.map((app) => `${app.key} ×${app.count}`).join(', ')}`,
    );
}
