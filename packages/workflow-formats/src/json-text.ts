import { MAX_EXPORT_BYTES, MAX_NESTING_DEPTH, type FormatError } from './model.ts';

export type ReadResult = { ok: true; value: unknown } | { ok: false; error: FormatError };

/** How many times a JSON string holding JSON is unwrapped (`"{\"nodes\": …}"`). */
const MAX_STRING_UNWRAP = 2;

/**
 * Turns the text of an uploaded file into a JSON value, refusing what is empty, too large,
 * too deeply nested or not JSON. Never throws.
 */
export function readJsonText(text: string, unwrapBudget = MAX_STRING_UNWRAP): ReadResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return fail('EMPTY_FILE', 'The file is empty.');
  if (body.length > MAX_EXPORT_BYTES) return tooLarge();

  const shape = measure(body);
  if (shape.bytes > MAX_EXPORT_BYTES) return tooLarge();
  if (shape.maxDepth > MAX_NESTING_DEPTH) {
    return fail('TOO_DEEP', `The JSON is nested more than ${MAX_NESTING_DEPTH} levels deep.`);
  }

  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return invalidJson(body);
  }

  if (typeof value === 'string' && unwrapBudget > 0) {
    const inner = value.trim();
    if (inner.startsWith('{') || inner.startsWith('[')) return readJsonText(inner, unwrapBudget - 1);
  }
  return { ok: true, value };
}

/** UTF-8 size of a string, using the native encoder where one exists. */
function utf8Length(text: string): number {
  const buffer = (globalThis as { Buffer?: { byteLength(text: string, encoding: string): number } }).Buffer;
  if (buffer) return buffer.byteLength(text, 'utf8');
  return new TextEncoder().encode(text).length;
}

/** UTF-8 size and bracket depth, skipping string contents with native searches. */
function measure(text: string): { bytes: number; maxDepth: number } {
  // Every character is at least one byte and at most three, so short texts need no count.
  const bytes = text.length * 3 <= MAX_EXPORT_BYTES ? text.length : utf8Length(text);
  let depth = 0;
  let maxDepth = 0;
  const special = /["[\]{}]/g;
  let match: RegExpExecArray | null;
  while ((match = special.exec(text)) !== null) {
    const c = match[0];
    if (c === '"') {
      let end = special.lastIndex;
      for (;;) {
        end = text.indexOf('"', end);
        if (end < 0) return { bytes, maxDepth };
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
        end++;
      }
      special.lastIndex = end + 1;
    } else if (c === '[' || c === '{') {
      if (++depth > maxDepth) maxDepth = depth;
    } else depth--;
  }
  return { bytes, maxDepth };
}

function fail(code: FormatError['code'], message: string): ReadResult {
  return { ok: false, error: { code, message } };
}

function tooLarge(): ReadResult {
  return fail('FILE_TOO_LARGE', `The file is larger than ${MAX_EXPORT_BYTES / (1024 * 1024)} MB.`);
}

function invalidJson(text: string): ReadResult {
  const problem = locateSyntaxError(text);
  const { line, column } = lineAndColumn(text, problem.position);
  return {
    ok: false,
    error: {
      code: 'INVALID_JSON',
      message: `Not valid JSON: ${problem.message} at line ${line}, column ${column}.`,
      line,
      column,
    },
  };
}

export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(position, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

interface SyntaxProblem {
  position: number;
  message: string;
}

/**
 * A strict JSON reader used only after JSON.parse has failed, to say where and why in the same
 * words on every JavaScript engine. Depth is already bounded, so recursion is safe.
 */
export function locateSyntaxError(text: string): SyntaxProblem {
  let i = 0;
  const n = text.length;

  class Stop extends Error {
    constructor(readonly problem: SyntaxProblem) {
      super(problem.message);
    }
  }
  const stop = (message: string, position = i): never => {
    throw new Stop({ position, message });
  };
  const describe = (): string =>
    i >= n ? 'unexpected end of file' : `unexpected character ${JSON.stringify(text[i])}`;
  const skipSpace = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else stop(describe());
  };
  const string = () => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) stop('control character inside a string');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) stop('invalid \\u escape');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else stop('invalid escape in a string');
      } else i++;
    }
    stop('unterminated string');
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) stop(describe());
    else {
      i += match[0].length;
      const next = text[i];
      if (next !== undefined && /[0-9.eE+-]/.test(next)) stop('invalid number');
    }
  };
  /** Stops at the current character with `message`, or at the end of the file when there is none. */
  const expected = (message: string): never => stop(i >= n ? 'unexpected end of file' : message);
  /** An object's or array's members, from its opening bracket to `close`, separated by commas. */
  const members = (close: '}' | ']', member: () => void, after: string) => {
    i++;
    skipSpace();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      member();
      skipSpace();
      if (text[i] === ',') i++;
      else if (text[i] === close) {
        i++;
        return;
      } else expected(`expected ',' or '${close}' after ${after}`);
    }
  };
  const property = () => {
    skipSpace();
    if (text[i] !== '"') expected('expected a property name in double quotes');
    string();
    skipSpace();
    if (text[i] !== ':') expected("expected ':' after a property name");
    i++;
    value();
  };
  const value = (): void => {
    skipSpace();
    const c = text[i];
    if (c === '{') members('}', property, 'a property value');
    else if (c === '[') members(']', value, 'an array element');
    else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else stop(describe());
  };

  try {
    value();
    skipSpace();
    if (i < n) stop('unexpected text after the JSON value');
    return { position: n, message: 'invalid JSON' };
  } catch (error) {
    if (error instanceof Stop) return error.problem;
    return { position: i, message: 'invalid JSON' };
  }
}
