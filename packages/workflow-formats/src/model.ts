/** The one graph model every platform's export is turned into. */

import type { PlatformId } from './platforms.ts';

/** A platform's id (`PLATFORMS` in platforms.ts lists them). */
export type Platform = PlatformId;

export type NodeKind = 'trigger' | 'action' | 'router' | 'filter' | 'note';

/**
 * `main`: ordinary data flow; `branch`: one of several outputs of a router, IF, switch or path;
 * `error`: the path taken when a step fails; `ai-<type>`: an n8n LangChain sub-node connection
 * such as `ai-languageModel` or `ai-tool` (the sub-node is `from`, the node using it is `to`).
 */
export type EdgeKind = 'main' | 'branch' | 'error' | `ai-${string}`;

export interface Position {
  x: number;
  y: number;
}

export interface GraphNode {
  /** Unique within its graph; the export's own id when it has a usable one. */
  id: string;
  name: string;
  /** The platform's own type: `n8n-nodes-base.slack`, `slack:CreateMessage`, `SlackAPI`. */
  type: string;
  typeVersion?: number | string;
  /** Normalized app key shared by all platforms, e.g. `google-sheets`. */
  app: string;
  kind: NodeKind;
  position: Position;
  disabled: boolean;
  /** Zapier: the step was exported from a zap that is turned off. It still runs when the zap is on. */
  paused?: boolean;
  /**
   * The node's settings (n8n parameters, Make parameters and mapper, Zapier params) for a reader,
   * only when asked for with `parseWorkflowExport(text, { settings: true })`. Connection references
   * and fields named like secrets are left out, long values shortened.
   */
  settings?: Record<string, unknown>;
}

export interface ParseOptions {
  /** Keep a readable copy of each node's settings on `GraphNode.settings` (the preview's side panel). */
  settings?: boolean;
}

export interface GraphEdge {
  id: string;
  from: string;
  to: string;
  kind: EdgeKind;
  /** A router's route, an IF's true/false, a Make filter's name, a Zapier path's title. */
  label?: string;
  /** Output index on the source node (n8n). */
  fromOutput?: number;
  /** Input index on the target node (n8n merge inputs). */
  toInput?: number;
}

/** A sticky note (n8n) or a designer note (Make). Notes attached to a module carry its node id. */
export interface Annotation {
  id: string;
  text: string;
  position: Position;
  size?: { width: number; height: number };
  color?: number | string;
  nodeId?: string;
}

export interface CredentialRequirement {
  app: string;
  /** n8n credential type (`slackApi`), Make connection type (`google-restricted`), Zapier app id (`SlackAPI`). */
  type: string;
  /** Names of the credentials / connections as they were in the author's account. */
  names: string[];
  /** Names of the nodes that use it. */
  nodes: string[];
}

export interface NodeTypeVersion {
  type: string;
  version: number | string;
}

/** What a user must have before the workflow can be imported and run. */
export interface Requirements {
  credentials: CredentialRequirement[];
  /** npm packages of n8n nodes that are not built in (always empty for Make and Zapier). */
  communityPackages: string[];
  /** Distinct node types with the versions used, sorted by type then version. */
  nodeTypeVersions: NodeTypeVersion[];
}

export interface WorkflowGraph {
  id?: string;
  name: string;
  platform: Platform;
  nodes: GraphNode[];
  edges: GraphEdge[];
  annotations: Annotation[];
  requirements: Requirements;
  /** `export` when positions come from the file, `auto` when they were laid out here. */
  layout: 'export' | 'auto';
}

export type WarningCode =
  | 'EDGE_TARGET_MISSING'
  | 'EDGE_SOURCE_MISSING'
  | 'DUPLICATE_NODE_NAME'
  | 'DUPLICATE_NODE_ID'
  | 'INVALID_NODE'
  | 'INVALID_CONNECTIONS'
  | 'PARENT_MISSING'
  | 'UNKNOWN_EXPORT_VERSION'
  | 'NO_NODES';

export interface Warning {
  code: WarningCode;
  message: string;
  workflow?: string;
  node?: string;
}

export type FormatErrorCode =
  'EMPTY_FILE' | 'FILE_TOO_LARGE' | 'INVALID_JSON' | 'NOT_A_WORKFLOW' | 'TOO_DEEP' | 'TOO_MANY_NODES';

export interface FormatError {
  code: FormatErrorCode;
  message: string;
  line?: number;
  column?: number;
}

export interface ParseSuccess {
  ok: true;
  platform: Platform;
  workflows: WorkflowGraph[];
  warnings: Warning[];
}

export interface ParseFailure {
  ok: false;
  error: FormatError;
}

export type ParseResult = ParseSuccess | ParseFailure;

/** 5 MB, the upload limit of the whole product. */
export const MAX_EXPORT_BYTES = 5 * 1024 * 1024;

/** Deeper nesting than this is refused before parsing; real exports stay far below it. */
export const MAX_NESTING_DEPTH = 256;

/**
 * Nodes (n8n nodes and sticky notes, Make modules, Zapier steps) one export may hold, over all its
 * workflows. Real workflows stay in the hundreds (the largest corpus file has 174; n8n's editor is
 * unusable long before 1,000), and 5 MB of real nodes is about 6,600 (bench/formats), so only files
 * built from stripped-down nodes reach it: 5 MB of `{"type":"x"}` would be 350,000 nodes, seconds
 * of work for the parser and the browser's preview.
 */
export const MAX_NODES = 10_000;
