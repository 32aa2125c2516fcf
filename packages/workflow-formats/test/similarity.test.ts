import { describe, expect, it } from 'vitest';
import { parseWorkflowExport } from '../src/parse.ts';
import { diffSummaries, similarity, similarityKeys } from '../src/similarity.ts';
import { summarizeExport } from '../src/summary.ts';
import { n8nNode } from './helpers.ts';

const node = (name: string, type: string, x: number) => n8nNode(name, type, { position: [x, 0] });
function summary(nodes: ReturnType<typeof node>[]) {
  const parsed = parseWorkflowExport(JSON.stringify({ name: 'w', nodes, connections: {} }));
  return summarizeExport(parsed)!;
}
const webhook = node('Webhook', 'n8n-nodes-base.webhook', 0);
const slack = node('Slack', 'n8n-nodes-base.slack', 200);
const http = node('HTTP', 'n8n-nodes-base.httpRequest', 400);
const sheets = node('Sheets', 'n8n-nodes-base.googleSheets', 600);

describe('similarity of two exports', () => {
  it('is 1 for the same node types under other names', () => {
    const renamed = [
      { ...webhook, name: 'Incoming' },
      { ...slack, name: 'Notify' },
    ];
    expect(similarity(summary([webhook, slack]), summary(renamed))).toBe(1);
  });

  it('is the Jaccard index of the nodes otherwise', () => {
    expect(similarity(summary([webhook, slack, http, sheets]), summary([webhook, slack, http]))).toBe(0.75);
    expect(similarity(summary([webhook, slack]), summary([http, sheets]))).toBe(0);
  });
});

describe('diff of a submitted version against the listed one', () => {
  it('names the nodes and apps added and removed', () => {
    expect(diffSummaries(summary([webhook, slack]), summary([webhook, http]))).toEqual({
      nodesAdded: ['n8n-nodes-base.httpRequest|HTTP'],
      nodesRemoved: ['n8n-nodes-base.slack|Slack'],
      appsAdded: ['HTTP Request'],
      appsRemoved: ['Slack'],
    });
  });
});

describe('similarity keys (what the duplicate check looks up)', () => {
  const nodes = Array.from({ length: 12 }, (_, index) => `n8n-nodes-base.t${index % 5}|Step ${index}`);
  const shared = (a: string[], b: string[]) => {
    const keys = similarityKeys(b);
    return similarityKeys(a).filter((key) => keys.includes(key));
  };

  it('are shared by a copy with renamed nodes (the node types key)', () => {
    const renamed = nodes.map((entry) => entry.replace('Step', 'Renamed step'));
    expect(shared(nodes, renamed)).toEqual([expect.stringMatching(/^t:/)]);
  });

  it('are shared by a near copy and not by an unrelated export', () => {
    const nearCopy = [...nodes.slice(0, 11), 'n8n-nodes-base.slack|Tell the team'];
    expect(similarity({ nodes }, { nodes: nearCopy })).toBeGreaterThanOrEqual(0.8);
    expect(shared(nodes, nearCopy).some((key) => key.startsWith('b'))).toBe(true);
    const unrelated = Array.from({ length: 12 }, (_, index) => `n8n-nodes-base.other${index}|Other ${index}`);
    expect(shared(nodes, unrelated)).toEqual([]);
  });

  it('are none for an export without nodes', () => {
    expect(similarityKeys([])).toEqual([]);
  });
});
