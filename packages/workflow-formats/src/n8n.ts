import { isN8nCommunityType, n8nPackageOf, normalizeAppKey } from './apps.ts';
import { GraphBuilder } from './graph-builder.ts';
import type { Annotation, EdgeKind, NodeKind, ParseOptions, Warning, WorkflowGraph } from './model.ts';
import type { PlatformReader } from './reader.ts';
import {
  type JsonRecord,
  finite,
  hasReadableText,
  idText,
  isRecord,
  own,
  positionFrom,
  text,
} from './shared.ts';

const TRIGGER_TYPES = new Set(['webhook', 'cron', 'start', 'interval', 'emailreadimap']);

interface NodeFacts {
  id: string;
  local: string;
  typeVersion: number;
  parameters: JsonRecord;
  errorOutput: boolean;
}

/** `n8n-nodes-base.if` → `if`. */
function localName(type: string): string {
  const dot = type.lastIndexOf('.');
  return dot >= 0 ? type.slice(dot + 1) : type;
}

function nodeKind(local: string): NodeKind {
  const lower = local.toLowerCase();
  if (lower.endsWith('trigger') || TRIGGER_TYPES.has(lower)) return 'trigger';
  if (lower === 'if' || lower === 'switch') return 'router';
  if (lower === 'filter') return 'filter';
  return 'action';
}

/** Names of the regular outputs of nodes that have several; undefined for single-output nodes. */
function outputLabels(facts: NodeFacts): (string | undefined)[] | undefined {
  const params = facts.parameters;
  switch (facts.local) {
    case 'if':
      return ['true', 'false'];
    case 'compareDatasets':
      return ['In A only', 'Same', 'Different', 'In B only'];
    case 'splitInBatches':
      return facts.typeVersion >= 3 ? ['done', 'loop'] : undefined;
    case 'switch': {
      const rules = own(params, 'rules');
      const list = isRecord(rules) ? (own(rules, 'values') ?? own(rules, 'rules')) : undefined;
      if (!Array.isArray(list)) return [];
      const labels = list.map((rule) => (isRecord(rule) ? text(own(rule, 'outputKey')) : undefined));
      const options = own(params, 'options');
      if (isRecord(options) && own(options, 'fallbackOutput') === 'extra') labels.push('Fallback');
      return labels;
    }
    case 'textClassifier': {
      const categories = own(params, 'categories');
      const list = isRecord(categories) ? own(categories, 'categories') : undefined;
      if (!Array.isArray(list)) return [];
      return list.map((entry) => (isRecord(entry) ? text(own(entry, 'category')) : undefined));
    }
    default:
      return undefined;
  }
}

/** Reads one n8n workflow (an object with `nodes`, or a bare list of nodes). */
export function parseN8nWorkflow(
  doc: JsonRecord | unknown[],
  warnings: Warning[],
  options: ParseOptions = {},
): WorkflowGraph {
  const record = Array.isArray(doc) ? undefined : doc;
  const name = (record && text(own(record, 'name'))?.trim()) || 'Untitled workflow';
  const graph = new GraphBuilder(name, warnings, options);
  const rawNodes = Array.isArray(doc) ? doc : own(doc, 'nodes');
  const list = Array.isArray(rawNodes) ? rawNodes : [];
  const annotations: Annotation[] = [];
  const byName = new Map<string, NodeFacts>();
  const stickyNames = new Set<string>();

  list.forEach((entry, index) => {
    if (!isRecord(entry)) {
      graph.warn({
        code: 'INVALID_NODE',
        message: `Entry ${index + 1} of "nodes" is not an object and was skipped.`,
      });
      return;
    }
    const type = text(own(entry, 'type')) ?? '';
    const nodeName = text(own(entry, 'name')) ?? `Node ${index + 1}`;
    const parameters = isRecord(own(entry, 'parameters')) ? (own(entry, 'parameters') as JsonRecord) : {};
    const positionValue = own(entry, 'position');
    const position = Array.isArray(positionValue)
      ? positionFrom(positionValue[0], positionValue[1])
      : undefined;
    const local = localName(type);

    if (local === 'stickyNote') {
      stickyNames.add(nodeName);
      const content = text(own(parameters, 'content')) ?? '';
      const width = finite(own(parameters, 'width'));
      const height = finite(own(parameters, 'height'));
      const color = own(parameters, 'color');
      if (!hasReadableText(content)) return;
      annotations.push({
        id: idText(own(entry, 'id')) ?? `note-${index + 1}`,
        text: content,
        position: position ?? { x: 0, y: 0 },
        size: { width: width ?? 240, height: height ?? 160 },
        ...(typeof color === 'number' || typeof color === 'string' ? { color } : {}),
      });
      return;
    }

    if (type === '')
      graph.warn({ code: 'INVALID_NODE', message: `Node "${nodeName}" has no type.`, node: nodeName });
    const exportId = idText(own(entry, 'id'));
    const claimed = graph.claimId(exportId, nodeName, {
      message: `Node id "${exportId}" is used more than once.`,
      node: nodeName,
    });
    const typeVersion = finite(own(entry, 'typeVersion')) ?? 1;
    const app = normalizeAppKey(type);
    const facts: NodeFacts = {
      id: claimed.id,
      local,
      typeVersion,
      parameters,
      errorOutput: own(entry, 'onError') === 'continueErrorOutput',
    };
    if (byName.has(nodeName)) {
      graph.warn({
        code: 'DUPLICATE_NODE_NAME',
        message: `More than one node is named "${nodeName}"; connections use the first.`,
        node: nodeName,
      });
    } else byName.set(nodeName, facts);

    graph.nodes.push({
      id: claimed.id,
      name: nodeName,
      type,
      typeVersion,
      app,
      kind: nodeKind(local),
      disabled: own(entry, 'disabled') === true,
      ...(position ? { position } : {}),
      ...graph.settings(parameters),
    });

    const credentials = own(entry, 'credentials');
    if (isRecord(credentials)) {
      for (const credentialType of Object.keys(credentials)) {
        const value = credentials[credentialType];
        const credentialName =
          typeof value === 'string' ? value : isRecord(value) ? text(own(value, 'name')) : undefined;
        graph.requirements.credential(app, credentialType, credentialName, nodeName);
      }
    }
    if (type !== '') graph.requirements.typeVersion(type, typeVersion);
    if (isN8nCommunityType(type)) graph.requirements.communityPackage(n8nPackageOf(type)!);
  });

  readConnections(record ? own(record, 'connections') : undefined, byName, stickyNames, graph);
  const id = record ? idText(own(record, 'id')) : undefined;
  return graph.finish('n8n', 'The workflow has no nodes.', { id, annotations });
}

function readConnections(
  connections: unknown,
  byName: Map<string, NodeFacts>,
  stickyNames: Set<string>,
  graph: GraphBuilder,
): void {
  if (connections === undefined || connections === null) return;
  if (!isRecord(connections)) {
    graph.warn({
      code: 'INVALID_CONNECTIONS',
      message: '"connections" is not an object; the workflow is shown without edges.',
    });
    return;
  }
  for (const sourceName of Object.keys(connections)) {
    const byType = connections[sourceName];
    const source = byName.get(sourceName);
    if (!source) {
      if (!stickyNames.has(sourceName)) {
        graph.warn({
          code: 'EDGE_SOURCE_MISSING',
          message: `Connections start from "${sourceName}", which is not a node.`,
          node: sourceName,
        });
      }
      continue;
    }
    if (!isRecord(byType)) continue;
    for (const connectionType of Object.keys(byType)) {
      const outputs = byType[connectionType];
      if (!Array.isArray(outputs)) continue;
      const isMain = connectionType === 'main';
      const labels = isMain ? outputLabels(source) : undefined;
      const errorOutputIndex = isMain && source.errorOutput ? errorOutput(labels, outputs.length) : -1;
      outputs.forEach((targets, outputIndex) => {
        if (!Array.isArray(targets)) return;
        for (const target of targets) {
          if (!isRecord(target)) continue;
          const targetName = text(own(target, 'node'));
          const targetFacts = targetName === undefined ? undefined : byName.get(targetName);
          if (!targetFacts) {
            graph.warn({
              code: 'EDGE_TARGET_MISSING',
              message: `"${sourceName}" connects to "${targetName ?? '?'}", which is not a node.`,
              node: sourceName,
            });
            continue;
          }
          let kind: EdgeKind = 'main';
          let label: string | undefined;
          if (outputIndex === errorOutputIndex) {
            kind = 'error';
            label = 'error';
          } else if (!isMain) {
            kind = connectionType.startsWith('ai_') ? `ai-${connectionType.slice(3)}` : 'main';
          } else if (labels !== undefined) {
            kind = 'branch';
            label = labels[outputIndex];
          }
          graph.addEdge({
            from: source.id,
            to: targetFacts.id,
            kind,
            ...(label !== undefined ? { label } : {}),
            fromOutput: outputIndex,
            toInput: finite(own(target, 'index')) ?? 0,
          });
        }
      });
    }
  }
}

/** n8n puts the error output after the regular ones. */
function errorOutput(labels: (string | undefined)[] | undefined, outputCount: number): number {
  if (labels !== undefined && labels.length > 0) return labels.length;
  return outputCount >= 2 ? outputCount - 1 : -1;
}

function looksLikeN8nNode(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof own(value, 'type') === 'string' &&
    (own(value, 'parameters') !== undefined ||
      own(value, 'typeVersion') !== undefined ||
      own(value, 'position') !== undefined ||
      typeof own(value, 'name') === 'string')
  );
}

function isN8nWorkflow(value: unknown): value is JsonRecord {
  if (!isRecord(value)) return false;
  const nodes = own(value, 'nodes');
  if (!Array.isArray(nodes)) return false;
  if (own(value, 'connections') !== undefined) return true;
  return nodes.some(looksLikeN8nNode);
}

/** n8n: a workflow (`nodes` + `connections`), a list of them, or a bare list of nodes. */
export const n8nReader: PlatformReader<(JsonRecord | unknown[])[]> = {
  detect(value) {
    if (Array.isArray(value)) {
      if (value.length === 0) return undefined;
      if (value.every(isN8nWorkflow)) return value as JsonRecord[];
      if (value.every(isRecord) && value.some(looksLikeN8nNode)) return [value];
      return undefined;
    }
    return isN8nWorkflow(value) ? [value] : undefined;
  },
  countNodes: (workflows) =>
    workflows.reduce<number>((sum, doc) => {
      const nodes = Array.isArray(doc) ? doc : own(doc, 'nodes');
      return sum + (Array.isArray(nodes) ? nodes.length : 0);
    }, 0),
  parse: (workflows, warnings, options) => workflows.map((doc) => parseN8nWorkflow(doc, warnings, options)),
  walkSecrets(workflows, graphs, { visit }) {
    workflows.forEach((doc, w) => {
      const graph = graphs[w];
      const nodes = Array.isArray(doc) ? doc : own(doc, 'nodes');
      if (!Array.isArray(nodes)) return;
      nodes.forEach((node, i) => {
        if (!isRecord(node)) return;
        const name = text(own(node, 'name')) ?? `Node ${i + 1}`;
        visit(graph, node, name, idText(own(node, 'id')) ?? name, ['parameters', 'notes']);
      });
    });
  },
};
