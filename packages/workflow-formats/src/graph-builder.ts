import { placeNodes } from './layout.ts';
import type { Annotation, GraphEdge, ParseOptions, Platform, Warning, WorkflowGraph } from './model.ts';
import {
  type DraftNode,
  IdRegistry,
  RequirementsCollector,
  edgeId,
  readableSettings,
  warn,
} from './shared.ts';

/**
 * What every reader keeps while it turns one workflow into a graph: unique node ids, the nodes and
 * edges read so far, the requirements, and the warnings about the workflow; `finish` lays it out.
 */
export class GraphBuilder {
  readonly nodes: DraftNode[] = [];
  readonly edges: GraphEdge[] = [];
  readonly requirements = new RequirementsCollector();
  private readonly ids = new IdRegistry();

  constructor(
    /** The workflow's name, given with each of its warnings. */
    readonly name: string,
    private readonly warnings: Warning[],
    private readonly options: ParseOptions,
  ) {}

  /** A warning about this workflow. */
  warn({ code, message, ...rest }: Omit<Warning, 'workflow'>): void {
    warn(this.warnings, { code, message, workflow: this.name, ...rest });
  }

  /**
   * A graph id for a node: `exportId`, the node's id in the export, else `fallback`. An export id
   * that is already taken gets a suffix and a DUPLICATE_NODE_ID warning (`repeated`).
   */
  claimId(
    exportId: string | undefined,
    fallback: string,
    repeated: Omit<Warning, 'code' | 'workflow'>,
  ): { id: string; duplicate: boolean } {
    const claimed = this.ids.claim(exportId ?? fallback);
    if (claimed.duplicate && exportId !== undefined) this.warn({ code: 'DUPLICATE_NODE_ID', ...repeated });
    return claimed;
  }

  /** A node's readable settings (from `sources`), when the reader was asked for them. */
  settings(...sources: unknown[]): { settings?: Record<string, unknown> } {
    return this.options.settings ? { settings: readableSettings(...sources) } : {};
  }

  addEdge(edge: Omit<GraphEdge, 'id'>): void {
    this.edges.push({ id: edgeId(edge, this.edges.length), ...edge });
  }

  /** The graph, laid out; a workflow without nodes is warned about (NO_NODES, `empty`). */
  finish(
    platform: Platform,
    empty: string,
    { id, annotations = [] }: { id?: string; annotations?: Annotation[] } = {},
  ): WorkflowGraph {
    if (this.nodes.length === 0) this.warn({ code: 'NO_NODES', message: empty });
    const placed = placeNodes(this.nodes, this.edges);
    return {
      ...(id !== undefined ? { id } : {}),
      name: this.name,
      platform,
      nodes: placed.nodes,
      edges: this.edges,
      annotations,
      requirements: this.requirements.result(),
      layout: placed.layout,
    };
  }
}
