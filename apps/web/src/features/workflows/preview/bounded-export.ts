import {
  parseWorkflowExport,
  redactSecrets,
  summarizeExport,
  type FormatErrorCode,
  type WorkflowGraph,
} from '@flowbay/workflow-formats';
import { BOUNDED_PREVIEW_NODES, FULL_PREVIEW_NODES } from './preview-limits';

export interface ExportSummaryView {
  nodeCount: number;
  workflowCount: number;
  /** Apps by how many nodes use them, most used first. */
  apps: { key: string; name: string; count: number }[];
}

export type BoundedExport =
  | { ok: false; code: FormatErrorCode }
  | {
      ok: true;
      summary: ExportSummaryView;
      /** Every graph when the file is small; else only the first nodes of the first graph. */
      graphs: WorkflowGraph[];
      bounded: boolean;
    };

function firstNodes(graph: WorkflowGraph, limit: number): WorkflowGraph {
  const nodes = graph.nodes.slice(0, limit);
  const kept = new Set(nodes.map((node) => node.id));
  return {
    ...graph,
    nodes,
    edges: graph.edges.filter((edge) => kept.has(edge.from) && kept.has(edge.to)).slice(0, limit * 4),
    annotations: graph.annotations
      .filter((note) => note.nodeId === undefined || kept.has(note.nodeId))
      .slice(0, 10),
  };
}

/**
 * Parses an export for the preview: plain data, small enough to cross from a worker at once.
 * With `settings`, each node carries its settings for the side panel, read from a copy of the
 * file whose pasted secrets are removed (credential fields are left out by the parser).
 */
export function boundedExport(
  text: string,
  { settings = false }: { settings?: boolean } = {},
): BoundedExport {
  const result = settings
    ? parseWorkflowExport(redactSecrets(text).text, { settings: true })
    : parseWorkflowExport(text);
  if (!result.ok) return { ok: false, code: result.error.code };
  const full = summarizeExport(result)!;
  const summary: ExportSummaryView = {
    nodeCount: full.nodeCount,
    workflowCount: full.workflowCount,
    apps: [...full.apps]
      .sort((a, b) => b.count - a.count)
      .slice(0, 24)
      .map(({ key, name, count }) => ({ key, name, count })),
  };
  const graphs = result.workflows.filter((graph) => graph.nodes.length > 0);
  if (summary.nodeCount <= FULL_PREVIEW_NODES) return { ok: true, summary, graphs, bounded: false };
  return {
    ok: true,
    summary,
    graphs: graphs.slice(0, 1).map((graph) => firstNodes(graph, BOUNDED_PREVIEW_NODES)),
    bounded: true,
  };
}
