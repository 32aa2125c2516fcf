import { appDisplayName, isCoreApp } from './apps.ts';
import { similarityKeys } from './similarity.ts';
import type { CredentialRequirement, ParseResult, Platform, Requirements } from './model.ts';

export interface AppUsage {
  key: string;
  name: string;
  /** Number of nodes using the app, across all workflows of the export. */
  count: number;
  core: boolean;
}

/** What the server stores per version and catalogue cards show. Plain JSON. */
export interface ExportSummary {
  platform: Platform;
  workflowCount: number;
  nodeCount: number;
  edgeCount: number;
  /** Ordered by first appearance. */
  apps: AppUsage[];
  requirements: Requirements;
  /**
   * Each node as `type|name` (notes left out, at most MAX_SUMMARY_NODES), so a reviewer can see which
   * nodes a new version adds or removes and near-copies of another listing can be found.
   * Optional: summaries stored before it existed lack it.
   */
  nodes?: string[];
  /** `similarityKeys(nodes)`: what the duplicate check's index looks up. */
  similarityKeys?: string[];
}

export const MAX_SUMMARY_NODES = 2000;

/** The node entry of `ExportSummary.nodes`; types never contain `|`. */
export function nodeEntry(node: { type: string; name: string }): string {
  return `${node.type}|${node.name}`;
}

/** Summarizes a successful parse; `null` for a failed one. */
export function summarizeExport(result: ParseResult): ExportSummary | null {
  if (!result.ok) return null;
  const apps = new Map<string, AppUsage>();
  const credentials = new Map<string, CredentialRequirement>();
  const packages = new Set<string>();
  const versions = new Map<string, { type: string; version: number | string }>();
  const nodes: string[] = [];
  let nodeCount = 0;
  let edgeCount = 0;
  for (const graph of result.workflows) {
    for (const node of graph.nodes)
      if (node.kind !== 'note' && nodes.length < MAX_SUMMARY_NODES) nodes.push(nodeEntry(node));
    nodeCount += graph.nodes.length;
    edgeCount += graph.edges.length;
    for (const node of graph.nodes) {
      const usage = apps.get(node.app);
      if (usage) usage.count++;
      else
        apps.set(node.app, {
          key: node.app,
          name: appDisplayName(node.app),
          count: 1,
          core: isCoreApp(node.app),
        });
    }
    for (const credential of graph.requirements.credentials) {
      const existing = credentials.get(credential.type);
      if (!existing)
        credentials.set(credential.type, {
          ...credential,
          names: [...credential.names],
          nodes: [...credential.nodes],
        });
      else {
        for (const name of credential.names) if (!existing.names.includes(name)) existing.names.push(name);
        for (const node of credential.nodes) if (!existing.nodes.includes(node)) existing.nodes.push(node);
      }
    }
    for (const pkg of graph.requirements.communityPackages) packages.add(pkg);
    for (const entry of graph.requirements.nodeTypeVersions)
      versions.set(`${entry.type}\u0000${entry.version}`, entry);
  }
  return {
    platform: result.platform,
    workflowCount: result.workflows.length,
    nodeCount,
    edgeCount,
    apps: [...apps.values()],
    nodes,
    similarityKeys: similarityKeys(nodes),
    requirements: {
      credentials: [...credentials.values()],
      communityPackages: [...packages].sort(),
      nodeTypeVersions: [...versions.values()].sort((a, b) =>
        a.type === b.type
          ? String(a.version).localeCompare(String(b.version), 'en', { numeric: true })
          : a.type < b.type
            ? -1
            : 1,
      ),
    },
  };
}
