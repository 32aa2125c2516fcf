import { describe, expect, it } from 'vitest';
import { boundedExport } from './bounded-export';
import { BOUNDED_PREVIEW_NODES, FULL_PREVIEW_NODES } from './preview-limits';

function chain(count: number): string {
  const nodes = Array.from({ length: count }, (_, index) => ({
    id: `n${index}`,
    name: `Step ${index}`,
    type: index % 2 ? 'n8n-nodes-base.slack' : 'n8n-nodes-base.set',
    position: [index * 200, 0],
    parameters: {},
  }));
  const connections = Object.fromEntries(
    nodes
      .slice(0, -1)
      .map((node, index) => [node.name, { main: [[{ node: `Step ${index + 1}`, index: 0 }]] }]),
  );
  return JSON.stringify({ nodes, connections });
}

describe('boundedExport', () => {
  it('keeps every node of a workflow the preview can draw', () => {
    const result = boundedExport(chain(FULL_PREVIEW_NODES));
    expect(result).toMatchObject({ ok: true, bounded: false, summary: { nodeCount: FULL_PREVIEW_NODES } });
    if (result.ok) expect(result.graphs[0]!.nodes).toHaveLength(FULL_PREVIEW_NODES);
  });

  it('summarizes a larger one and keeps only its first nodes and the edges between them', () => {
    const result = boundedExport(chain(5_000));
    if (!result.ok) throw new Error('expected a parse');
    expect(result.bounded).toBe(true);
    expect(result.summary.nodeCount).toBe(5_000);
    expect(result.summary.apps).toEqual([
      { key: 'set', name: expect.any(String), count: 2_500 },
      { key: 'slack', name: 'Slack', count: 2_500 },
    ]);
    const graph = result.graphs[0]!;
    expect(graph.nodes).toHaveLength(BOUNDED_PREVIEW_NODES);
    expect(graph.edges).toHaveLength(BOUNDED_PREVIEW_NODES - 1);
    const kept = new Set(graph.nodes.map((node) => node.id));
    expect(graph.edges.every((edge) => kept.has(edge.from) && kept.has(edge.to))).toBe(true);
  });

  it('answers a refusal with its code', () => {
    expect(boundedExport('{"nodes": [')).toEqual({ ok: false, code: 'INVALID_JSON' });
  });
});

describe('node settings for the side panel', () => {
  const leaky = JSON.stringify({
    name: 'Quote',
    nodes: [
      {
        id: 'a',
        name: 'Call OpenAI',
        type: 'n8n-nodes-base.httpRequest',
        typeVersion: 4.2,
        position: [0, 0],
        parameters: {
          url: 'https://api.openai.com/v1/chat/completions',
          headerParameters: {
            parameters: [
              {
                name: 'Authorization',
                value: 'Bearer sk-proj-Q9x2EXAMPLEEXAMPLEEXAMPLE7a1b2c3d4e5f6g7h8i9j0kLmNoPqRsT',
              },
            ],
          },
        },
      },
      {
        id: 'b',
        name: 'Upload',
        type: 'n8n-nodes-base.awsS3',
        typeVersion: 2,
        position: [200, 0],
        parameters: { bucketName: 'quotes', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
        credentials: { aws: { id: 'Xq8vT2', name: 'AWS account' } },
      },
    ],
    connections: {},
  });

  it('shows what a node is set to and never a secret or credential', () => {
    const result = boundedExport(leaky, { settings: true });
    if (!result.ok) throw new Error('expected a parse');
    const [call, upload] = result.graphs[0]!.nodes;
    expect(call!.settings).toMatchObject({ url: 'https://api.openai.com/v1/chat/completions' });
    expect(upload!.settings).toEqual({ bucketName: 'quotes' });
    const shown = JSON.stringify(result.graphs[0]!.nodes.map((node) => node.settings));
    for (const secret of ['sk-proj-Q9x2', 'wJalrXUtnFEMI', 'Xq8vT2', 'AWS account'])
      expect(shown).not.toContain(secret);
  });

  it('leaves settings out unless asked', () => {
    const result = boundedExport(leaky);
    if (!result.ok) throw new Error('expected a parse');
    expect(result.graphs[0]!.nodes.every((node) => node.settings === undefined)).toBe(true);
  });
});
