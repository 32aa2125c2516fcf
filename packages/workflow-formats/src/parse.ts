import { readJsonText } from './json-text.ts';
import { parseMakeBlueprint } from './make.ts';
import {
  MAX_EXPORT_BYTES,
  MAX_NODES,
  type FormatError,
  type ParseOptions,
  type ParseResult,
  type Platform,
  type Warning,
  type WorkflowGraph,
} from './model.ts';
import { parseN8nWorkflow } from './n8n.ts';
import { type JsonRecord, isRecord, own } from './shared.ts';
import { parseZapierExport } from './zapier.ts';

/** Keys under which APIs and tools wrap an export (`{ "data": workflow }`, `{ "blueprint": … }`). */
const WRAPPER_KEYS = ['data', 'workflow', 'blueprint', 'response'];

export type Detected =
  | { platform: 'n8n'; workflows: (JsonRecord | unknown[])[] }
  | { platform: 'make'; blueprint: JsonRecord }
  | { platform: 'zapier'; exportDoc: JsonRecord };

const SAFETY_NET_MESSAGE = 'The file could not be read as a workflow export.';

/** The parsed JSON behind each successful result, for the secret scan (never serialized with it). */
const documents = new WeakMap<object, { value: unknown; detected: Detected }>();

export function documentOf(result: object): { value: unknown; detected: Detected } | undefined {
  return documents.get(result);
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

/** Recognizes the platform from the content alone. */
export function detectPlatform(value: unknown, depth = 0): Detected | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    if (value.every(isN8nWorkflow)) return { platform: 'n8n', workflows: value as JsonRecord[] };
    if (value.every(isRecord) && value.some(looksLikeN8nNode)) return { platform: 'n8n', workflows: [value] };
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (Array.isArray(own(value, 'zaps'))) return { platform: 'zapier', exportDoc: value };
  const flow = own(value, 'flow');
  if (
    Array.isArray(flow) &&
    (isRecord(own(value, 'metadata')) ||
      flow.some((module) => isRecord(module) && typeof own(module, 'module') === 'string'))
  ) {
    return { platform: 'make', blueprint: value };
  }
  if (isN8nWorkflow(value)) return { platform: 'n8n', workflows: [value] };
  if (depth < 2) {
    for (const key of WRAPPER_KEYS) {
      const inner = own(value, key);
      if (inner !== undefined && inner !== null && typeof inner === 'object') {
        const found = detectPlatform(inner, depth + 1);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** Nodes in the raw document, counted before any is read so an oversized file costs no more. */
function countNodes(detected: Detected): number {
  const length = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  switch (detected.platform) {
    case 'n8n':
      return detected.workflows.reduce<number>(
        (sum, doc) => sum + (Array.isArray(doc) ? doc.length : length(own(doc, 'nodes'))),
        0,
      );
    case 'make': {
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
      return modules(own(detected.blueprint, 'flow'));
    }
    case 'zapier': {
      const zaps = own(detected.exportDoc, 'zaps');
      if (!Array.isArray(zaps)) return 0;
      return zaps.reduce<number>((sum, zap) => {
        if (!isRecord(zap)) return sum;
        const steps = own(zap, 'nodes') ?? own(zap, 'steps');
        return sum + (Array.isArray(steps) ? steps.length : isRecord(steps) ? Object.keys(steps).length : 0);
      }, 0);
    }
  }
}

function failure(error: FormatError): ParseResult {
  return { ok: false, error };
}

const NOT_A_WORKFLOW: FormatError = {
  code: 'NOT_A_WORKFLOW',
  message:
    'This JSON is not an n8n workflow (nodes + connections), a Make blueprint (flow + metadata) or a Zapier export (zaps).',
};

/** Reads input that may be text, bytes or an already-parsed value into a JSON value. */
function readInput(input: unknown): { ok: true; value: unknown } | { ok: false; error: FormatError } {
  if (typeof input === 'string') return readJsonText(input);
  if (input === undefined) return { ok: false, error: { code: 'EMPTY_FILE', message: 'The file is empty.' } };
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    if (input.byteLength > MAX_EXPORT_BYTES) {
      return {
        ok: false,
        error: {
          code: 'FILE_TOO_LARGE',
          message: `The file is larger than ${MAX_EXPORT_BYTES / (1024 * 1024)} MB.`,
        },
      };
    }
    return readJsonText(new TextDecoder().decode(input));
  }
  // An already-parsed value goes through JSON text too: that drops getters, prototypes and
  // cycles, and applies the same size and depth limits as an upload.
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(input);
  } catch (error) {
    if (error instanceof RangeError) {
      return {
        ok: false,
        error: { code: 'TOO_DEEP', message: 'The value is nested too deeply to be a workflow export.' },
      };
    }
    return { ok: false, error: NOT_A_WORKFLOW };
  }
  if (serialized === undefined) return { ok: false, error: NOT_A_WORKFLOW };
  return readJsonText(serialized, 0);
}

/**
 * Turns any n8n, Make or Zapier export into graphs. Never throws: every problem with the input
 * is a `{ ok: false, error: { code } }` result.
 */
export function parseWorkflowExport(input: string | unknown, options: ParseOptions = {}): ParseResult {
  try {
    const read = readInput(input);
    if (!read.ok) return failure(read.error);
    const detected = detectPlatform(read.value);
    if (!detected) return failure(NOT_A_WORKFLOW);
    if (countNodes(detected) > MAX_NODES) {
      return failure({
        code: 'TOO_MANY_NODES',
        message: `The file holds more than ${MAX_NODES.toLocaleString('en')} nodes.`,
      });
    }

    const warnings: Warning[] = [];
    let workflows: WorkflowGraph[];
    let platform: Platform;
    switch (detected.platform) {
      case 'n8n':
        platform = 'n8n';
        workflows = detected.workflows.map((doc) => parseN8nWorkflow(doc, warnings, options));
        break;
      case 'make':
        platform = 'make';
        workflows = [parseMakeBlueprint(detected.blueprint, warnings, options)];
        break;
      case 'zapier':
        platform = 'zapier';
        workflows = parseZapierExport(detected.exportDoc, warnings, options);
        break;
    }
    const result: ParseResult = { ok: true, platform, workflows, warnings };
    documents.set(result, { value: read.value, detected });
    return result;
  } catch {
    return failure({ code: 'NOT_A_WORKFLOW', message: SAFETY_NET_MESSAGE });
  }
}

/** For tests: a result produced by the safety net means a bug in a reader, not a bad file. */
export function isSafetyNetFailure(result: ParseResult): boolean {
  return !result.ok && result.error.message === SAFETY_NET_MESSAGE;
}
