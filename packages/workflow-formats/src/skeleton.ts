/**
 * The structure of an export without its content: what a paid workflow's preview may show before
 * purchase. Each node is its app or node type (never the author's node name), at its position; the
 * connections point at nodes by index; sticky notes keep their text only when asked. Parameters,
 * code, expressions, credentials, webhook paths and URLs are never read into it.
 */

import { appDisplayName } from './apps.ts';
import type { EdgeKind, NodeKind, ParseResult, Position } from './model.ts';

export interface SkeletonNode {
  /** `n<index>` within its graph: the export's own ids and names are not kept. */
  id: string;
  app: string;
  /** The app's or node type's display name ("HTTP Request", "Slack"). */
  name: string;
  /** The platform's node type (`n8n-nodes-base.slack`, `slack:CreateMessage`, `SlackAPI`). */
  type: string;
  kind: NodeKind;
  position: Position;
  disabled: boolean;
}

export interface SkeletonEdge {
  id: string;
  from: string;
  to: string;
  /** `main`, `branch`, `error` or `ai-…`; labels (route and path names) are the author's words and are left out. */
  kind: EdgeKind;
}

export interface SkeletonNote {
  id: string;
  text: string;
  position: Position;
  size?: { width: number; height: number };
}

export interface SkeletonGraph {
  nodes: SkeletonNode[];
  edges: SkeletonEdge[];
  notes: SkeletonNote[];
}

export interface WorkflowSkeleton {
  platform: string;
  /** Nodes in the whole export. */
  node_count: number;
  /** Only the first `maxNodes` nodes are drawn. */
  bounded: boolean;
  notes_shown: boolean;
  graphs: SkeletonGraph[];
}

export interface SkeletonOptions {
  /** Keep the sticky notes' (n8n) and designer notes' (Make) text. */
  notes?: boolean;
  /** Nodes kept over all graphs; the rest (and their connections) are left out. */
  maxNodes?: number;
}

/** Positions are numbers from the file: anything else (or a huge one) is the origin. */
function safePosition(position: Position): Position {
  const clean = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value)
      ? Math.max(-1e6, Math.min(1e6, Math.round(value)))
      : 0;
  return { x: clean(position.x), y: clean(position.y) };
}

/** The skeleton of a successful parse (made without settings); `null` for a failed one. */
export function skeletonOf(result: ParseResult, options: SkeletonOptions = {}): WorkflowSkeleton | null {
  if (!result.ok) return null;
  const maxNodes = options.maxNodes ?? Infinity;
  const notesShown = options.notes === true;
  let kept = 0;
  let total = 0;
  const graphs: SkeletonGraph[] = [];
  for (const graph of result.workflows) {
    total += graph.nodes.length;
    if (kept >= maxNodes) continue;
    const ids = new Map<string, string>();
    const nodes: SkeletonNode[] = [];
    for (const node of graph.nodes) {
      if (kept >= maxNodes) break;
      const id = `n${nodes.length}`;
      ids.set(node.id, id);
      nodes.push({
        id,
        app: node.app,
        name: appDisplayName(node.app),
        type: node.type,
        kind: node.kind,
        position: safePosition(node.position),
        disabled: node.disabled,
      });
      kept++;
    }
    if (nodes.length === 0) continue;
    const edges: SkeletonEdge[] = [];
    for (const edge of graph.edges) {
      const from = ids.get(edge.from);
      const to = ids.get(edge.to);
      if (from && to) edges.push({ id: `e${edges.length}`, from, to, kind: edge.kind });
    }
    const notes: SkeletonNote[] = notesShown
      ? graph.annotations
          .filter((note) => note.nodeId === undefined || ids.has(note.nodeId))
          .map((note, index) => ({
            id: `note${index}`,
            text: note.text,
            position: safePosition(note.position),
            ...(note.size ? { size: { width: note.size.width, height: note.size.height } } : {}),
          }))
      : [];
    graphs.push({ nodes, edges, notes });
  }
  return {
    platform: result.platform,
    node_count: total,
    bounded: kept < total,
    notes_shown: notesShown,
    graphs,
  };
}
