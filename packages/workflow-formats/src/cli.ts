/**
 * `npm run inspect -- <files…> [--json]`: what the library makes of each file.
 * With --json, exactly one JSON object per line per file (other tools read this shape).
 * Exits 0 whenever every file could be read, whatever it contained; 2 when a file could not be read.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseWorkflowExport, type ParseResult, type Warning } from './index.ts';
import { scanSecrets } from './secrets.ts';
import { summarizeExport } from './summary.ts';

interface InspectLine {
  file: string;
  ok: boolean;
  error?: { code: string; message: string; line?: number; column?: number };
  platform?: string;
  workflows?: { name: string; nodes: number; edges: number; apps: string[] }[];
  requirements?: unknown;
  secrets?: { node: string; path: string; kind: string; workflow?: string }[];
  warnings?: Warning[];
}

function inspect(file: string, text: string): InspectLine {
  const result: ParseResult = parseWorkflowExport(text);
  if (!result.ok) return { file, ok: false, error: result.error };
  const summary = summarizeExport(result)!;
  return {
    file,
    ok: true,
    platform: result.platform,
    workflows: result.workflows.map((graph) => ({
      name: graph.name,
      nodes: graph.nodes.length,
      edges: graph.edges.length,
      apps: [...new Set(graph.nodes.map((node) => node.app))],
    })),
    requirements: summary.requirements,
    secrets: scanSecrets(result).map(({ workflow, node, path, kind }) => ({
      node,
      path,
      kind,
      ...(workflow !== undefined ? { workflow } : {}),
    })),
    warnings: result.warnings,
  };
}

function printHuman(line: InspectLine): void {
  console.log(line.file);
  if (!line.ok) {
    console.log(`  error ${line.error!.code}: ${line.error!.message}`);
    return;
  }
  console.log(`  platform: ${line.platform}`);
  for (const workflow of line.workflows!) {
    console.log(`  workflow "${workflow.name}": ${workflow.nodes} nodes, ${workflow.edges} edges`);
    console.log(`    apps: ${workflow.apps.join(', ') || '(none)'}`);
  }
  const requirements = line.requirements as {
    credentials: { type: string; app: string; names: string[] }[];
    communityPackages: string[];
    nodeTypeVersions: { type: string; version: unknown }[];
  };
  console.log(
    `  credentials: ${requirements.credentials.map((c) => `${c.type} (${c.app}${c.names.length ? `: ${c.names.join(', ')}` : ''})`).join('; ') || '(none)'}`,
  );
  console.log(`  community packages: ${requirements.communityPackages.join(', ') || '(none)'}`);
  console.log(`  node types: ${requirements.nodeTypeVersions.length}`);
  console.log(`  secrets: ${line.secrets!.length === 0 ? '(none)' : ''}`);
  for (const secret of line.secrets!) console.log(`    ${secret.kind} in "${secret.node}" at ${secret.path}`);
  console.log(`  warnings: ${line.warnings!.length === 0 ? '(none)' : ''}`);
  for (const warning of line.warnings!) console.log(`    ${warning.code}: ${warning.message}`);
}

export function main(args: string[]): number {
  const json = args.includes('--json');
  const files = args.filter((arg) => arg !== '--json');
  if (files.length === 0) {
    console.error('usage: npm run inspect -- <files…> [--json]');
    return 2;
  }
  let unreadable = false;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      unreadable = true;
      const message = error instanceof Error ? error.message : String(error);
      if (json) console.log(JSON.stringify({ file, ok: false, error: { code: 'UNREADABLE_FILE', message } }));
      else console.error(`${file}\n  cannot read: ${message}`);
      continue;
    }
    const line = inspect(file, text);
    if (json) console.log(JSON.stringify(line));
    else printHuman(line);
  }
  return unreadable ? 2 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = main(process.argv.slice(2));
