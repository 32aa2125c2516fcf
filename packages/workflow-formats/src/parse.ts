import { readJsonText } from './json-text.ts';
import {
  MAX_EXPORT_BYTES,
  MAX_NODES,
  type FormatError,
  type ParseOptions,
  type ParseResult,
  type Warning,
} from './model.ts';
import { PLATFORMS, listOfPlatforms } from './platforms.ts';
import { DETECTION_ORDER, READERS, type Detected, readerOf } from './readers.ts';
import { isRecord, own } from './shared.ts';

export type { Detected } from './readers.ts';

/** Keys under which APIs and tools wrap an export (`{ "data": workflow }`, `{ "blueprint": … }`). */
const WRAPPER_KEYS = ['data', 'workflow', 'blueprint', 'response'];

const SAFETY_NET_MESSAGE = 'The file could not be read as a workflow export.';

/** The parsed JSON behind each successful result, for the secret scan (never serialized with it). */
const documents = new WeakMap<object, { value: unknown; detected: Detected }>();

export function documentOf(result: object): { value: unknown; detected: Detected } | undefined {
  return documents.get(result);
}

/** Recognizes the platform from the content alone. */
export function detectPlatform(value: unknown, depth = 0): Detected | undefined {
  for (const platform of DETECTION_ORDER) {
    const document: unknown = READERS[platform].detect(value);
    if (document !== undefined) return { platform, document } as Detected;
  }
  if (depth < 2 && isRecord(value)) {
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

function failure(error: FormatError): ParseResult {
  return { ok: false, error };
}

const NOT_A_WORKFLOW: FormatError = {
  code: 'NOT_A_WORKFLOW',
  message: `This JSON is not ${listOfPlatforms((id) => PLATFORMS[id].exportShape, 'or')}.`,
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
 * Turns any export of a platform in `PLATFORMS` into graphs. Never throws: every problem with the input
 * is a `{ ok: false, error: { code } }` result.
 */
export function parseWorkflowExport(input: string | unknown, options: ParseOptions = {}): ParseResult {
  try {
    const read = readInput(input);
    if (!read.ok) return failure(read.error);
    const detected = detectPlatform(read.value);
    if (!detected) return failure(NOT_A_WORKFLOW);
    if (readerOf(detected).countNodes(detected.document) > MAX_NODES) {
      return failure({
        code: 'TOO_MANY_NODES',
        message: `The file holds more than ${MAX_NODES.toLocaleString('en')} nodes.`,
      });
    }

    const warnings: Warning[] = [];
    const workflows = readerOf(detected).parse(detected.document, warnings, options);
    const result: ParseResult = { ok: true, platform: detected.platform, workflows, warnings };
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
