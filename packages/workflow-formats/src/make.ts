import { appDisplayName, normalizeAppKey } from './apps.ts';
import { GraphBuilder } from './graph-builder.ts';
import { readableMakeModule } from './step-names.ts';
import type { Annotation, EdgeKind, ParseOptions, Warning, WorkflowGraph } from './model.ts';
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

/** Parameters that hold a reference to one of the user's Make connections. */
const CONNECTION_PARAMETERS = ['__IMTCONN__', '__IMTKEY__'];

function defaultName(type: string, app: string): string {
  const action = readableMakeModule(type);
  if (type.startsWith('builtin:')) return action ?? 'Module';
  return action ? `${appDisplayName(app)}: ${action}` : appDisplayName(app);
}

function filterLabel(module: JsonRecord): string | undefined {
  const filter = own(module, 'filter');
  if (!isRecord(filter)) return undefined;
  return text(own(filter, 'name'))?.trim() || 'Filter';
}

/** Reads a Make blueprint (`flow` + `metadata`). */
export function parseMakeBlueprint(
  doc: JsonRecord,
  warnings: Warning[],
  options: ParseOptions = {},
): WorkflowGraph {
  const name = text(own(doc, 'name'))?.trim() || 'Untitled scenario';
  const graph = new GraphBuilder(name, warnings, options);
  const idByModule = new Map<string, string>();

  /** Reads one flow (a list of modules); returns the graph ids of its modules in order. */
  const readFlow = (flow: unknown, isRoot: boolean): { id: string; filter?: string }[] => {
    if (!Array.isArray(flow)) return [];
    const read: { id: string; filter?: string }[] = [];
    flow.forEach((module, index) => {
      if (!isRecord(module)) {
        graph.warn({
          code: 'INVALID_NODE',
          message: `A module of "${name}" is not an object and was skipped.`,
        });
        return;
      }
      const type = text(own(module, 'module')) ?? '';
      const app = normalizeAppKey(type);
      const metadata = own(module, 'metadata');
      const designer = isRecord(metadata) ? own(metadata, 'designer') : undefined;
      const position = isRecord(designer) ? positionFrom(own(designer, 'x'), own(designer, 'y')) : undefined;
      const moduleName =
        (isRecord(designer) && text(own(designer, 'name'))?.trim()) || defaultName(type, app);
      const exportId = idText(own(module, 'id'));
      const claimed = graph.claimId(exportId, `module-${graph.nodes.length + 1}`, {
        message: `Module id ${exportId} is used more than once.`,
        node: moduleName,
      });
      if (exportId !== undefined && !idByModule.has(exportId)) idByModule.set(exportId, claimed.id);
      if (type === '')
        graph.warn({
          code: 'INVALID_NODE',
          message: `Module "${moduleName}" has no type.`,
          node: moduleName,
        });
      const isRouter = type === 'builtin:BasicRouter';
      graph.nodes.push({
        id: claimed.id,
        name: moduleName,
        type,
        ...(finite(own(module, 'version')) !== undefined
          ? { typeVersion: finite(own(module, 'version')) }
          : {}),
        app,
        kind: isRoot && index === 0 ? 'trigger' : isRouter ? 'router' : 'action',
        disabled: false,
        ...(position ? { position } : {}),
        ...graph.settings(own(module, 'parameters'), own(module, 'mapper')),
      });
      graph.requirements.typeVersion(type, finite(own(module, 'version')));
      readConnections(module, app, moduleName, graph);

      const filter = filterLabel(module);
      read.push({ id: claimed.id, ...(filter !== undefined ? { filter } : {}) });

      const routes = own(module, 'routes');
      if (Array.isArray(routes)) {
        for (const route of routes) {
          if (!isRecord(route)) continue;
          const first = readFlow(own(route, 'flow'), false)[0];
          if (first) branch(claimed.id, first, 'branch');
        }
      }
      const onError = readFlow(own(module, 'onerror'), false)[0];
      if (onError) branch(claimed.id, onError, 'error');
    });
    for (let i = 1; i < read.length; i++) branch(read[i - 1]!.id, read[i]!, 'main');
    return read;
  };

  const branch = (from: string, to: { id: string; filter?: string }, kind: EdgeKind) => {
    graph.addEdge({ from, to: to.id, kind, ...(to.filter !== undefined ? { label: to.filter } : {}) });
  };

  readFlow(own(doc, 'flow'), true);
  const read = graph.finish('make', 'The scenario has no modules.');
  // Notes are placed by the module they belong to, so they are read once the modules are laid out.
  return { ...read, annotations: readNotes(doc, idByModule, read.nodes) };
}

function readConnections(module: JsonRecord, app: string, node: string, graph: GraphBuilder): void {
  const parameters = own(module, 'parameters');
  if (!isRecord(parameters)) return;
  const metadata = own(module, 'metadata');
  const restore = isRecord(metadata) ? own(metadata, 'restore') : undefined;
  for (const key of CONNECTION_PARAMETERS) {
    const reference = own(parameters, key);
    if (reference === undefined || reference === null || reference === '') continue;
    // Newer blueprints keep the restore data under `restore.parameters`, older ones directly in `restore`.
    const restoredParameters = isRecord(restore) ? own(restore, 'parameters') : undefined;
    const restored =
      (isRecord(restoredParameters) ? own(restoredParameters, key) : undefined) ??
      (isRecord(restore) ? own(restore, key) : undefined);
    const data = isRecord(restored) ? own(restored, 'data') : undefined;
    const connectionType =
      (isRecord(data) && text(own(data, 'connection'))) || declaredAccountType(metadata, key) || app;
    const label = isRecord(restored) ? text(own(restored, 'label')) : undefined;
    graph.requirements.credential(app, connectionType, label, node);
  }
}

/** `metadata.parameters: [{ name: '__IMTCONN__', type: 'account:slack2,slack3' }]` → `slack2`. */
function declaredAccountType(metadata: unknown, key: string): string | undefined {
  const declared = isRecord(metadata) ? own(metadata, 'parameters') : undefined;
  if (!Array.isArray(declared)) return undefined;
  for (const parameter of declared) {
    if (!isRecord(parameter) || own(parameter, 'name') !== key) continue;
    const type = text(own(parameter, 'type'));
    const accounts = type?.startsWith('account:')
      ? type.slice('account:'.length).split(',')[0]?.trim()
      : undefined;
    if (accounts) return accounts;
  }
  return undefined;
}

/** Designer notes are attached to a module; they are placed just above it. */
function readNotes(
  doc: JsonRecord,
  idByModule: Map<string, string>,
  nodes: readonly { id: string; position: { x: number; y: number } }[],
): Annotation[] {
  const metadata = own(doc, 'metadata');
  const designer = isRecord(metadata) ? own(metadata, 'designer') : undefined;
  const notes = isRecord(designer) ? own(designer, 'notes') : undefined;
  if (!Array.isArray(notes)) return [];
  const annotations: Annotation[] = [];
  const byId = new Map(nodes.map((node) => [node.id, node]));
  notes.forEach((note, index) => {
    if (!isRecord(note)) return;
    const moduleId = idText(own(note, 'id'));
    const noteText = text(own(note, 'text')) ?? '';
    if (!hasReadableText(noteText)) return;
    const nodeId = moduleId === undefined ? undefined : idByModule.get(moduleId);
    const node = nodeId === undefined ? undefined : byId.get(nodeId);
    annotations.push({
      id: `note-${index + 1}`,
      text: noteText,
      position: node ? { x: node.position.x, y: node.position.y - 120 } : { x: 0, y: -120 },
      ...(nodeId !== undefined ? { nodeId } : {}),
    });
  });
  return annotations;
}

/** Every module of a flow and of the flows nested in its routers and error handlers, depth first. */
function forEachModule(flow: unknown, depth: number, each: (module: JsonRecord) => void): void {
  if (!Array.isArray(flow) || depth > 100) return;
  for (const module of flow) {
    if (!isRecord(module)) continue;
    each(module);
    const routes = own(module, 'routes');
    if (Array.isArray(routes))
      for (const route of routes) if (isRecord(route)) forEachModule(own(route, 'flow'), depth + 1, each);
    forEachModule(own(module, 'onerror'), depth + 1, each);
  }
}

/** Make: a scenario blueprint (`flow` + `metadata`). */
export const makeReader: PlatformReader<JsonRecord> = {
  detect(value) {
    if (!isRecord(value)) return undefined;
    const flow = own(value, 'flow');
    return Array.isArray(flow) &&
      (isRecord(own(value, 'metadata')) ||
        flow.some((module) => isRecord(module) && typeof own(module, 'module') === 'string'))
      ? value
      : undefined;
  },
  countNodes(blueprint) {
    // Routers and error handlers nest flows; depth is already bounded by MAX_NESTING_DEPTH.
    const modules = (flow: unknown): number => {
      if (!Array.isArray(flow)) return 0;
      let count = flow.length;
      for (const module of flow) {
        if (!isRecord(module)) continue;
        const routes = own(module, 'routes');
        if (Array.isArray(routes))
          for (const route of routes) if (isRecord(route)) count += modules(own(route, 'flow'));
        count += modules(own(module, 'onerror'));
      }
      return count;
    };
    return modules(own(blueprint, 'flow'));
  },
  parse: (blueprint, warnings, options) => [parseMakeBlueprint(blueprint, warnings, options)],
  walkSecrets(blueprint, graphs, { visit, nameOf }) {
    const graph = graphs[0];
    forEachModule(own(blueprint, 'flow'), 0, (module) => {
      const id = idText(own(module, 'id'));
      visit(graph, module, nameOf(graph, id, `Module ${id ?? '?'}`), id, ['parameters', 'mapper']);
    });
  },
};
