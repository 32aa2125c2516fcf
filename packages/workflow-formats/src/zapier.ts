import { appDisplayName, isCoreApp, normalizeAppKey } from './apps.ts';
import { GraphBuilder } from './graph-builder.ts';
import { readableZapierAction } from './step-names.ts';
import type { NodeKind, ParseOptions, Warning, WorkflowGraph } from './model.ts';
import type { PlatformReader } from './reader.ts';
import { type JsonRecord, idText, isRecord, own, text, warn } from './shared.ts';

const KNOWN_VERSIONS = new Set<unknown>([2, '2', 'gdpr_v1']);

interface Step {
  id: string;
  parent?: string;
  record: JsonRecord;
}

/** Reads a Zapier export (`zaps[]`, editor export `metadata.version: 2` or account export `gdpr_v1`). */
export function parseZapierExport(
  doc: JsonRecord,
  warnings: Warning[],
  options: ParseOptions = {},
): WorkflowGraph[] {
  const metadata = own(doc, 'metadata');
  const version = isRecord(metadata) ? own(metadata, 'version') : undefined;
  if (!KNOWN_VERSIONS.has(version)) {
    warn(warnings, {
      code: 'UNKNOWN_EXPORT_VERSION',
      message: `Zapier export version ${JSON.stringify(version ?? null)} is not one this reader knows; it was read like version 2.`,
    });
  }
  const zaps = own(doc, 'zaps');
  if (!Array.isArray(zaps)) return [];
  const graphs: WorkflowGraph[] = [];
  zaps.forEach((zap, index) => {
    if (!isRecord(zap)) {
      warn(warnings, { code: 'INVALID_NODE', message: `Zap ${index + 1} is not an object and was skipped.` });
      return;
    }
    graphs.push(parseZap(zap, index, warnings, options));
  });
  return graphs;
}

function parseZap(zap: JsonRecord, index: number, warnings: Warning[], options: ParseOptions): WorkflowGraph {
  const zapId = idText(own(zap, 'id'));
  const name = text(own(zap, 'title'))?.trim() || `Zap ${zapId ?? index + 1}`;
  const graph = new GraphBuilder(name, warnings, options);
  const rawSteps = own(zap, 'nodes') ?? own(zap, 'steps');
  const entries: [string, unknown][] = Array.isArray(rawSteps)
    ? rawSteps.map((step, i) => [String(i + 1), step])
    : isRecord(rawSteps)
      ? Object.keys(rawSteps).map((key) => [key, rawSteps[key]])
      : [];

  const steps: Step[] = [];
  const stepIdToGraphId = new Map<string, string>();
  for (const [key, value] of entries) {
    if (!isRecord(value)) {
      graph.warn({
        code: 'INVALID_NODE',
        message: `Step ${key} of "${name}" is not an object and was skipped.`,
      });
      continue;
    }
    // The key stands in for a missing id, so a key that repeats another step's id is a repeated id too.
    const stepId = idText(own(value, 'id')) ?? key;
    const claimed = graph.claimId(stepId, key, { message: `Step id ${stepId} is used more than once.` });
    if (!claimed.duplicate) stepIdToGraphId.set(stepId, claimed.id);
    const parent = idText(own(value, 'parent_id'));
    steps.push({ id: claimed.id, record: value, ...(parent !== undefined ? { parent } : {}) });
  }

  const routerIds = new Set<string>();
  for (const step of steps) {
    const record = step.record;
    const selectedApi = text(own(record, 'selected_api')) ?? '';
    const [api = '', apiVersion] = selectedApi.split('@', 2);
    const action = text(own(record, 'action')) ?? '';
    const app = normalizeAppKey(selectedApi);
    const kind = stepKind(record, api, action, step.parent === undefined);
    if (kind === 'router') routerIds.add(step.id);
    const meta = own(record, 'meta');
    const stepTitle = isRecord(meta) ? text(own(meta, 'stepTitle'))?.trim() : undefined;
    const title = text(own(record, 'title'))?.trim();
    const readableAction = kind === 'router' ? undefined : readableZapierAction(action);
    const fallback = readableAction ? `${appDisplayName(app)}: ${readableAction}` : appDisplayName(app);
    // The trigger step carries the zap's own title, which does not name the step.
    const nodeName = stepTitle || (step.parent !== undefined && title ? title : fallback);
    graph.nodes.push({
      id: step.id,
      name: nodeName,
      type: api,
      ...(apiVersion ? { typeVersion: apiVersion } : {}),
      app,
      kind,
      // Exports of a zap that is off mark every step paused; that is the zap's state, not a disabled step.
      disabled: false,
      ...(own(record, 'paused') === true ? { paused: true } : {}),
      ...graph.settings(own(record, 'params')),
    });
    graph.requirements.typeVersion(api, apiVersion || undefined);
    if (!isCoreApp(app) && api !== '') {
      graph.requirements.credential(app, api, undefined, nodeName);
    }
  }

  const nameById = new Map(graph.nodes.map((node) => [node.id, node.name]));
  for (const step of steps) {
    if (step.parent === undefined) continue;
    const from = stepIdToGraphId.get(step.parent);
    if (from === undefined) {
      graph.warn({
        code: 'PARENT_MISSING',
        message: `Step "${nameById.get(step.id) ?? step.id}" follows step ${step.parent}, which is not in the zap.`,
        node: nameById.get(step.id),
      });
      continue;
    }
    const isPath = routerIds.has(from);
    graph.addEdge({
      from,
      to: step.id,
      kind: isPath ? 'branch' : 'main',
      ...(isPath ? { label: nameById.get(step.id) ?? '' } : {}),
    });
  }

  return graph.finish('zapier', 'The zap has no steps.', { id: zapId });
}

function stepKind(record: JsonRecord, api: string, action: string, isRoot: boolean): NodeKind {
  if (api === 'BranchingAPI' && action === 'branch') return 'router';
  if (
    own(record, 'type_of') === 'filter' ||
    api === 'FilterAPI' ||
    (api === 'BranchingAPI' && action === 'filter')
  )
    return 'filter';
  if (isRoot || own(record, 'type_of') === 'read') return 'trigger';
  return 'action';
}

/** A zap's steps with their keys: `nodes` or `steps`, as a list (keys 1, 2, …) or keyed by id. */
function zapSteps(zap: JsonRecord): [string, unknown][] {
  const steps = own(zap, 'nodes') ?? own(zap, 'steps');
  if (Array.isArray(steps)) return steps.map((step, i) => [String(i + 1), step]);
  return isRecord(steps) ? Object.keys(steps).map((key) => [key, steps[key]]) : [];
}

/** Zapier: an export with a `zaps` list. */
export const zapierReader: PlatformReader<JsonRecord> = {
  detect: (value) => (isRecord(value) && Array.isArray(own(value, 'zaps')) ? value : undefined),
  countNodes(exportDoc) {
    const zaps = own(exportDoc, 'zaps');
    if (!Array.isArray(zaps)) return 0;
    return zaps.reduce<number>((sum, zap) => (isRecord(zap) ? sum + zapSteps(zap).length : sum), 0);
  },
  parse: (exportDoc, warnings, options) => parseZapierExport(exportDoc, warnings, options),
  walkSecrets(exportDoc, graphs, { visit, nameOf }) {
    const zaps = own(exportDoc, 'zaps');
    if (!Array.isArray(zaps)) return;
    let graphIndex = 0;
    for (const zap of zaps) {
      if (!isRecord(zap)) continue;
      const graph = graphs[graphIndex++];
      for (const [key, step] of zapSteps(zap)) {
        if (!isRecord(step)) continue;
        const id = idText(own(step, 'id')) ?? key;
        visit(graph, step, nameOf(graph, id, `Step ${id}`), id, ['params']);
      }
    }
  },
};
