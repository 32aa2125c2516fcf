import { describe, expect, it } from 'vitest';
import { MAX_EXPORT_BYTES, MAX_NODES, parseWorkflowExport } from '../src/index.ts';

function errorOf(input: unknown) {
  const result = parseWorkflowExport(input);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('errors', () => {
  it('EMPTY_FILE for empty or blank text', () => {
    expect(errorOf('').code).toBe('EMPTY_FILE');
    expect(errorOf(' \n\t ').code).toBe('EMPTY_FILE');
    expect(errorOf('\uFEFF').code).toBe('EMPTY_FILE');
    expect(errorOf(undefined).code).toBe('EMPTY_FILE');
  });

  it('TOO_MANY_NODES past MAX_NODES, counted over every workflow, route and zap of the file', () => {
    const n8nNodes = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `n${i}`, type: 'n8n-nodes-base.noOp' }));
    const half = MAX_NODES / 2;
    const atLimit = parseWorkflowExport(
      JSON.stringify([
        { nodes: n8nNodes(half), connections: {} },
        { nodes: n8nNodes(half), connections: {} },
      ]),
    );
    expect(atLimit.ok).toBe(true);
    const overLimit = errorOf(
      JSON.stringify([
        { nodes: n8nNodes(half), connections: {} },
        { nodes: n8nNodes(half + 1), connections: {} },
      ]),
    );
    expect(overLimit).toMatchObject({ code: 'TOO_MANY_NODES' });
    expect(overLimit.message).toContain('10,000');

    const module = (id: number) => ({ id, module: 'util:SetVariable', version: 1 });
    const routed = (count: number) => ({
      metadata: {},
      flow: [
        module(1),
        {
          id: 2,
          module: 'builtin:BasicRouter',
          routes: [{ flow: Array.from({ length: count }, (_, i) => module(i + 3)) }],
        },
      ],
    });
    expect(parseWorkflowExport(routed(MAX_NODES - 2)).ok).toBe(true);
    expect(errorOf(routed(MAX_NODES - 1)).code).toBe('TOO_MANY_NODES');

    const steps = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i, app: 'SlackAPI' }));
    expect(
      errorOf({
        zaps: [
          { title: 'a', steps: steps(half) },
          { title: 'b', steps: steps(half + 1) },
        ],
      }).code,
    ).toBe('TOO_MANY_NODES');
  });

  it('INVALID_JSON with line and column', () => {
    expect(errorOf('{\n  "nodes": [1,,2]\n}')).toMatchObject({ code: 'INVALID_JSON', line: 2, column: 15 });
    expect(errorOf('{"a": 1')).toMatchObject({ code: 'INVALID_JSON', line: 1, column: 8 });
    expect(errorOf('nodes: []')).toMatchObject({ code: 'INVALID_JSON', line: 1, column: 1 });
    expect(errorOf("{'nodes': []}").message).toMatch(/line 1, column 2/);
  });

  it('NOT_A_WORKFLOW for JSON of another shape', () => {
    for (const input of [
      '{}',
      '[]',
      'null',
      '42',
      '"text"',
      '{"nodes": "x"}',
      '[1,2,3]',
      '{"flow": 3}',
      '{"name": "x"}',
    ]) {
      expect(errorOf(input).code, input).toBe('NOT_A_WORKFLOW');
    }
  });

  it('FILE_TOO_LARGE above 5 MB, counted in UTF-8 bytes', () => {
    const filler = 'a'.repeat(MAX_EXPORT_BYTES);
    expect(errorOf(`{"nodes": [], "x": "${filler}"}`).code).toBe('FILE_TOO_LARGE');
    // 2 million "đ" are 2 M characters but 4 MB, plus 1.2 M more bytes: too large.
    const wide = 'đ'.repeat(2_000_000) + 'a'.repeat(1_300_000);
    expect(wide.length).toBeLessThan(MAX_EXPORT_BYTES);
    expect(errorOf(`{"nodes": [], "connections": {}, "x": "${wide}"}`).code).toBe('FILE_TOO_LARGE');
    expect(errorOf(new Uint8Array(MAX_EXPORT_BYTES + 1)).code).toBe('FILE_TOO_LARGE');
  });

  it('TOO_DEEP for deep nesting, in text and in values', () => {
    expect(errorOf('['.repeat(100_000) + ']'.repeat(100_000)).code).toBe('TOO_DEEP');
    expect(errorOf('{"nodes": ' + '['.repeat(300) + ']'.repeat(300) + '}').code).toBe('TOO_DEEP');
    let deep: unknown = {};
    for (let i = 0; i < 10_000; i++) deep = { next: deep };
    expect(errorOf(deep).code).toBe('TOO_DEEP');
  });

  it('refuses values that cannot be JSON', () => {
    const cyclic: Record<string, unknown> = { nodes: [] };
    cyclic.self = cyclic;
    expect(errorOf(cyclic).code).toBe('NOT_A_WORKFLOW');
    expect(errorOf({ nodes: [], connections: {}, big: 10n }).code).toBe('NOT_A_WORKFLOW');
  });
});

describe('accepted shapes', () => {
  const node = { name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
  const second = { name: 'Slack', type: 'n8n-nodes-base.slack', typeVersion: 2, parameters: {} };
  const workflow = {
    nodes: [node, second],
    connections: { Start: { main: [[{ node: 'Slack', type: 'main', index: 0 }]] } },
  };

  it('reads an object, a bare list of nodes and a JSON string holding either', () => {
    const fromObject = parseWorkflowExport(workflow);
    const fromList = parseWorkflowExport(JSON.stringify([node, second]));
    const fromString = parseWorkflowExport(JSON.stringify(JSON.stringify(workflow)));
    const fromNodesOnly = parseWorkflowExport({ nodes: [node, second] });
    for (const result of [fromObject, fromList, fromString, fromNodesOnly])
      expect(result).toMatchObject({ ok: true, platform: 'n8n' });
    if (fromString.ok) expect(fromString.workflows[0]!.edges).toHaveLength(1);
    if (fromList.ok) expect(fromList.workflows[0]!.nodes).toHaveLength(2);
  });

  it('reads bytes with a BOM, wrapped exports and a list of n8n workflows', () => {
    const bytes = new TextEncoder().encode('\uFEFF' + JSON.stringify(workflow));
    expect(parseWorkflowExport(bytes)).toMatchObject({ ok: true, platform: 'n8n' });
    expect(parseWorkflowExport({ data: workflow })).toMatchObject({ ok: true, platform: 'n8n' });
    const two = parseWorkflowExport([workflow, { ...workflow, name: 'Second' }]);
    expect(two.ok && two.workflows.map((graph) => graph.name)).toEqual(['Untitled workflow', 'Second']);
  });

  it('warns about edges to nodes that do not exist and lays out nodes without positions', () => {
    const result = parseWorkflowExport({
      nodes: [node, second],
      connections: {
        Start: {
          main: [
            [
              { node: 'Ghost', type: 'main', index: 0 },
              { node: 'Slack', type: 'main', index: 0 },
            ],
          ],
        },
        Nobody: { main: [[{ node: 'Slack' }]] },
      },
    });
    if (!result.ok) throw new Error('expected ok');
    expect(result.warnings.map((warning) => warning.code)).toEqual([
      'EDGE_TARGET_MISSING',
      'EDGE_SOURCE_MISSING',
    ]);
    expect(result.workflows[0]!.edges).toHaveLength(1);
    expect(result.workflows[0]!.layout).toBe('auto');
    expect(result.workflows[0]!.nodes.map((n) => n.position)).toEqual([
      { x: 0, y: 0 },
      { x: 280, y: 0 },
    ]);
  });

  it('reads the legacy Start node as a trigger', () => {
    const result = parseWorkflowExport({
      nodes: [
        { name: 'Start', type: 'n8n-nodes-base.start', typeVersion: 1, position: [250, 300], parameters: {} },
      ],
      connections: {},
    });
    expect(result.ok && result.workflows[0]!.nodes[0]).toMatchObject({
      kind: 'trigger',
      app: 'manual-trigger',
    });
  });

  it('never lets __proto__ keys reach a prototype', () => {
    const text =
      '{"nodes":[{"name":"__proto__","type":"n8n-nodes-base.set","parameters":{"__proto__":{"polluted":1}},"credentials":{"__proto__":{"name":"x"}}}],' +
      '"connections":{"__proto__":{"main":[[{"node":"__proto__"}]]},"constructor":{"main":[[{"node":"toString"}]]}}}';
    const result = parseWorkflowExport(text);
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    if (result.ok) {
      expect(result.workflows[0]!.nodes[0]!.name).toBe('__proto__');
      expect(result.workflows[0]!.edges).toHaveLength(1);
      expect(result.workflows[0]!.requirements.credentials[0]!.type).toBe('__proto__');
    }
  });
});
