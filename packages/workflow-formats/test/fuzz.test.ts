import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_IDS, parseWorkflowExport, type ParseResult } from '../src/index.ts';
import { isSafetyNetFailure } from '../src/parse.ts';
import { redactSecrets, scanSecrets } from '../src/secrets.ts';
import { summarizeExport } from '../src/summary.ts';
import { fixture, fixtureFiles } from './helpers.ts';

const SEED = 20240611;
const CODES = new Set([
  'EMPTY_FILE',
  'FILE_TOO_LARGE',
  'INVALID_JSON',
  'NOT_A_WORKFLOW',
  'TOO_DEEP',
  'TOO_MANY_NODES',
]);

/** Small files keep each run fast; the big ones are covered by the corpus tests and the bench. */
const SOURCES = [...PLATFORM_IDS, 'synthetic']
  .flatMap(fixtureFiles)
  .map((file) => fixture(file))
  .filter((text) => text.length < 40_000);
const DOCUMENTS = SOURCES.map((text) => JSON.parse(text) as unknown);

function checkResult(result: ParseResult): void {
  expect(isSafetyNetFailure(result)).toBe(false);
  if (!result.ok) {
    expect(CODES.has(result.error.code)).toBe(true);
    return;
  }
  for (const graph of result.workflows) {
    const ids = new Set(graph.nodes.map((node) => node.id));
    expect(ids.size).toBe(graph.nodes.length);
    for (const node of graph.nodes) {
      expect(typeof node.name).toBe('string');
      expect(typeof node.app).toBe('string');
      expect(Number.isFinite(node.position.x) && Number.isFinite(node.position.y)).toBe(true);
    }
    for (const edge of graph.edges) expect(ids.has(edge.from) && ids.has(edge.to)).toBe(true);
  }
  expect(() => JSON.stringify(result)).not.toThrow();
  expect(() => summarizeExport(result)).not.toThrow();
}

function everything(input: unknown): void {
  const result = parseWorkflowExport(input);
  checkResult(result);
  expect(Array.isArray(scanSecrets(result))).toBe(true);
  if (typeof input === 'string') expect(typeof redactSecrets(input).text).toBe('string');
}

type Path = (string | number)[];

/** Every path to a value inside a document, for "wrong type in every field". */
function pathsOf(value: unknown, prefix: Path = [], into: Path[] = [], limit = 4000): Path[] {
  if (into.length >= limit) return into;
  into.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...prefix, i], into, limit));
  else if (value && typeof value === 'object') {
    for (const key of Object.keys(value))
      pathsOf((value as Record<string, unknown>)[key], [...prefix, key], into, limit);
  }
  return into;
}

function replaceAt(document: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let cursor: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement === DELETE) {
    if (Array.isArray(cursor)) cursor.splice(Number(last), 1);
    else delete cursor[last];
  } else cursor[last] = replacement;
  return copy;
}
const DELETE = Symbol('delete');

const WRONG_VALUES: unknown[] = [null, 0, -1.5, 'text', '', true, [], {}, [null], { __proto__: 1 }, DELETE];

describe('fuzz (fixed seed, bounded runs)', () => {
  it('mutating any field of a corpus file to any JSON value never breaks the parser', () => {
    const documentIndex = fc.integer({ min: 0, max: DOCUMENTS.length - 1 });
    fc.assert(
      fc.property(
        documentIndex,
        fc.nat(),
        fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...WRONG_VALUES)),
        (index, pick, replacement) => {
          const document = DOCUMENTS[index]!;
          const paths = pathsOf(document);
          const path = paths[pick % paths.length]!;
          const mutated = replaceAt(document, path, replacement);
          everything(mutated);
          everything(JSON.stringify(mutated));
        },
      ),
      { seed: SEED, numRuns: 250 },
    );
  });

  it('puts wrong types in every top- and node-level field of each platform', () => {
    const templates = DOCUMENTS.filter((_, i) => [0, 12, 22, 30].includes(i)).slice(0, 4);
    for (const document of templates.length > 0 ? templates : DOCUMENTS.slice(0, 3)) {
      const paths = pathsOf(document)
        .filter((path) => path.length <= 4)
        .slice(0, 80);
      for (const path of paths)
        for (const value of WRONG_VALUES) everything(replaceAt(document, path, value));
    }
  });

  it('cutting or corrupting the text of a corpus file gives a typed error or a graph', () => {
    const textIndex = fc.integer({ min: 0, max: SOURCES.length - 1 });
    fc.assert(
      fc.property(textIndex, fc.nat(), fc.nat(), fc.string({ maxLength: 8 }), (index, at, cut, insert) => {
        const text = SOURCES[index]!;
        const position = at % (text.length + 1);
        everything(text.slice(0, position) + insert + text.slice(position + (cut % 5)));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('survives arbitrary JSON values and strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.json()), (value) => everything(value)),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('survives huge arrays and deep nesting', () => {
    everything({ nodes: Array.from({ length: 30_000 }, () => ({})), connections: {} });
    everything(
      Array.from({ length: 20_000 }, (_, i) => ({ type: 'n8n-nodes-base.set', name: `n${i % 10}` })),
    );
    everything({
      flow: Array.from({ length: 10_000 }, (_, i) => ({ id: i, module: 'util:SetVariables' })),
      metadata: {},
    });
    everything({
      zaps: Array.from({ length: 2_000 }, (_, i) => ({
        id: i,
        nodes: { 1: { id: 1, parent_id: 1 }, 2: { id: 2, parent_id: 1 } },
      })),
      metadata: { version: 2 },
    });
    everything('['.repeat(5_000_000));
    everything('{"a":'.repeat(300) + '1' + '}'.repeat(300));
    let routes: unknown = [];
    for (let i = 0; i < 60; i++) routes = [{ flow: [{ id: i, module: 'builtin:BasicRouter', routes }] }];
    everything({ flow: [{ id: 'root', module: 'builtin:BasicRouter', routes }], metadata: {} });
    const deepParams: Record<string, unknown> = {};
    let cursor = deepParams;
    for (let i = 0; i < 200; i++) cursor = (cursor.next = {}) as Record<string, unknown>;
    everything({
      nodes: [{ name: 'a', type: 'n8n-nodes-base.set', parameters: deepParams }],
      connections: {},
    });
  });

  it('survives __proto__, constructor and prototype keys anywhere', () => {
    const keys = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'nodes',
      'connections',
      'flow',
      'zaps',
      'main',
    );
    const hostile = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        tie('object'),
        fc.array(tie('value'), { maxLength: 4 }),
      ),
      object: fc.dictionary(keys, tie('value'), { maxKeys: 4 }),
    }));
    fc.assert(
      fc.property(hostile.object, (value) => {
        everything(JSON.stringify(value).replaceAll('"constructor"', '"__proto__"'));
        expect(Object.prototype).not.toHaveProperty('nodes');
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
