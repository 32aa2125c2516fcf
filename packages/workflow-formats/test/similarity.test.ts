import { describe, expect, it } from 'vitest';
import { parseWorkflowExport } from '../src/parse.ts';
import { diffSummaries, similarity } from '../src/similarity.ts';
import { summarizeExport } from '../src/summary.ts';

const node = (name: string, type: string, x: number) => ({
  id: name,
  name,
  type,
  typeVersion: 1,
  position: [x, 0],
  parameters: {},
});
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
