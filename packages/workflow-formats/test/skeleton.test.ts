import { describe, expect, it } from 'vitest';
import { appDisplayName, parseWorkflowExport, skeletonOf } from '../src/index.ts';
import { fixture, fixtureFiles } from './helpers.ts';

const CORPUS = [...fixtureFiles('n8n'), ...fixtureFiles('make'), ...fixtureFiles('zapier')];

/** Every string inside a value (settings are nested objects and arrays). */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

describe('skeletonOf', () => {
  it.each(CORPUS)('keeps no setting, node name or label of %s, only types and connections', (path) => {
    const text = fixture(path);
    const parsed = parseWorkflowExport(text);
    const skeleton = skeletonOf(parsed)!;
    expect(skeleton).not.toBeNull();
    const withSettings = parseWorkflowExport(text, { settings: true });
    if (!withSettings.ok || !parsed.ok) throw new Error('corpus files parse');
    const kept = JSON.stringify(skeleton);
    const publicWords = new Set(
      parsed.workflows.flatMap((graph) =>
        graph.nodes.flatMap((node) => [node.type, node.app, appDisplayName(node.app)]),
      ),
    );
    const secrets = new Set<string>();
    for (const graph of withSettings.workflows) {
      for (const node of graph.nodes) {
        secrets.add(node.name);
        for (const value of stringsOf(node.settings)) secrets.add(value);
      }
      for (const edge of graph.edges) if (edge.label) secrets.add(edge.label);
      for (const note of graph.annotations) secrets.add(note.text);
    }
    for (const secret of secrets) {
      // Short or generic strings ("GET", "Slack") may be a type's name: only distinctive ones are checked.
      if (secret.length < 12 || publicWords.has(secret)) continue;
      expect(kept.includes(JSON.stringify(secret).slice(1, -1)), `${path}: ${secret}`).toBe(false);
    }
    // Each node is there, by index, with its type's name; every connection between kept nodes too.
    const nodeCount = parsed.workflows.reduce((sum, graph) => sum + graph.nodes.length, 0);
    expect(skeleton.node_count).toBe(nodeCount);
    const first = parsed.workflows.find((graph) => graph.nodes.length > 0);
    if (first) {
      const drawn = skeleton.graphs[0]!;
      expect(drawn.nodes.map((node) => node.name)).toEqual(
        first.nodes.map((node) => appDisplayName(node.app)),
      );
      expect(drawn.edges).toHaveLength(first.edges.length);
      expect(drawn.nodes.every((node, index) => node.id === `n${index}`)).toBe(true);
    }
  });

  it('keeps notes only when asked, and at most maxNodes nodes', () => {
    const text = JSON.stringify({
      name: 'With a note',
      nodes: [
        {
          id: 'a',
          name: 'Start',
          type: 'n8n-nodes-base.manualTrigger',
          typeVersion: 1,
          position: [0, 0],
          parameters: {},
        },
        {
          id: 'b',
          name: 'Call',
          type: 'n8n-nodes-base.httpRequest',
          typeVersion: 4,
          position: [200, 0],
          parameters: { url: 'https://x.example' },
        },
        {
          id: 'c',
          name: 'Note',
          type: 'n8n-nodes-base.stickyNote',
          typeVersion: 1,
          position: [0, -200],
          parameters: { content: 'Read me first', width: 300, height: 120 },
        },
      ],
      connections: { Start: { main: [[{ node: 'Call', type: 'main', index: 0 }]] } },
    });
    const parsed = parseWorkflowExport(text);
    expect(skeletonOf(parsed)!.graphs[0]!.notes).toEqual([]);
    const shown = skeletonOf(parsed, { notes: true })!;
    expect(shown.notes_shown).toBe(true);
    expect(shown.graphs[0]!.notes).toEqual([
      { id: 'note0', text: 'Read me first', position: { x: 0, y: -200 }, size: { width: 300, height: 120 } },
    ]);
    const bounded = skeletonOf(parsed, { maxNodes: 1 })!;
    expect(bounded.bounded).toBe(true);
    expect(bounded.graphs[0]!.nodes).toHaveLength(1);
    expect(bounded.graphs[0]!.edges).toEqual([]);
  });
});
