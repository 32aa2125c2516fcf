import type { GraphEdge, GraphNode, Position, WorkflowGraph } from './model.ts';
import type { DraftNode } from './shared.ts';

/** Grid spacing of the automatic layout; a preview node card fits well inside one cell. */
export const LAYOUT_COLUMN_WIDTH = 280;
export const LAYOUT_ROW_HEIGHT = 140;

/**
 * Places nodes left to right by their distance from the start (longest path over the graph with
 * back edges removed), one node per grid cell, so no two nodes overlap.
 */
export function layoutPositions(
  nodeIds: readonly string[],
  edges: readonly Pick<GraphEdge, 'from' | 'to'>[],
): Map<string, Position> {
  const index = new Map<string, number>();
  nodeIds.forEach((id, i) => index.set(id, i));
  const outgoing: number[][] = nodeIds.map(() => []);
  const incoming: number[][] = nodeIds.map(() => []);
  for (const edge of edges) {
    const from = index.get(edge.from);
    const to = index.get(edge.to);
    if (from === undefined || to === undefined || from === to) continue;
    outgoing[from]!.push(to);
    incoming[to]!.push(from);
  }

  const forward = withoutBackEdges(nodeIds.length, outgoing, incoming);

  const layer = new Array<number>(nodeIds.length).fill(0);
  const pending = new Array<number>(nodeIds.length).fill(0);
  for (let to = 0; to < nodeIds.length; to++) pending[to] = forward.incoming[to]!.length;
  const queue: number[] = [];
  for (let i = 0; i < nodeIds.length; i++) if (pending[i] === 0) queue.push(i);
  for (let head = 0; head < queue.length; head++) {
    const from = queue[head]!;
    for (const to of forward.outgoing[from]!) {
      layer[to] = Math.max(layer[to]!, layer[from]! + 1);
      pending[to]! -= 1;
      if (pending[to] === 0) queue.push(to);
    }
  }

  const layers: number[][] = [];
  for (let i = 0; i < nodeIds.length; i++) (layers[layer[i]!] ??= []).push(i);

  const row = new Array<number>(nodeIds.length).fill(0);
  const positions = new Map<string, Position>();
  layers.forEach((members, column) => {
    if (column > 0) {
      const barycenter = (node: number) => {
        const preds = forward.incoming[node]!;
        return preds.length === 0
          ? Number.POSITIVE_INFINITY
          : preds.reduce((sum, p) => sum + row[p]!, 0) / preds.length;
      };
      const keyed = members.map((node) => ({ node, key: barycenter(node) }));
      keyed.sort((a, b) => (a.key === b.key ? a.node - b.node : a.key < b.key ? -1 : 1));
      members = keyed.map((entry) => entry.node);
    }
    const offset = (members.length - 1) / 2;
    members.forEach((node, i) => {
      row[node] = i - offset;
      positions.set(nodeIds[node]!, {
        x: column * LAYOUT_COLUMN_WIDTH,
        y: Math.round((i - offset) * LAYOUT_ROW_HEIGHT),
      });
    });
  });
  return positions;
}

/** Depth-first search from the sources (then from anything left) dropping edges that close a cycle. */
function withoutBackEdges(count: number, outgoing: number[][], incoming: number[][]) {
  const state = new Uint8Array(count); // 0 new, 1 on stack, 2 done
  const keptOut: number[][] = Array.from({ length: count }, () => []);
  const keptIn: number[][] = Array.from({ length: count }, () => []);
  const roots = [...Array(count).keys()].sort(
    (a, b) => (incoming[a]!.length === 0 ? 0 : 1) - (incoming[b]!.length === 0 ? 0 : 1) || a - b,
  );
  for (const root of roots) {
    if (state[root] !== 0) continue;
    const stack: { node: number; next: number }[] = [{ node: root, next: 0 }];
    state[root] = 1;
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const targets = outgoing[frame.node]!;
      if (frame.next >= targets.length) {
        state[frame.node] = 2;
        stack.pop();
        continue;
      }
      const to = targets[frame.next++]!;
      if (state[to] === 1) continue;
      keptOut[frame.node]!.push(to);
      keptIn[to]!.push(frame.node);
      if (state[to] === 0) {
        state[to] = 1;
        stack.push({ node: to, next: 0 });
      }
    }
  }
  return { outgoing: keptOut, incoming: keptIn };
}

/** Fills positions for nodes that have none; if any is missing, the whole graph is laid out. */
export function placeNodes(
  drafts: DraftNode[],
  edges: readonly GraphEdge[],
): { nodes: GraphNode[]; layout: 'export' | 'auto' } {
  if (drafts.every((node) => node.position !== undefined)) {
    return { nodes: drafts as GraphNode[], layout: 'export' };
  }
  const positions = layoutPositions(
    drafts.map((node) => node.id),
    edges,
  );
  return {
    nodes: drafts.map((node) => ({ ...node, position: positions.get(node.id) ?? { x: 0, y: 0 } })),
    layout: 'auto',
  };
}

/** A copy of the graph laid out automatically, whatever positions it had. */
export function layoutGraph(graph: WorkflowGraph): WorkflowGraph {
  const positions = layoutPositions(
    graph.nodes.map((node) => node.id),
    graph.edges,
  );
  return {
    ...graph,
    nodes: graph.nodes.map((node) => ({ ...node, position: positions.get(node.id) ?? { x: 0, y: 0 } })),
    layout: 'auto',
  };
}
