import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PLATFORM_IDS,
  normalizeAppKey,
  parseWorkflowExport,
  type ParseSuccess,
  type PlatformId,
  type WorkflowGraph,
} from '../src/index.ts';
import { fixture, fixtureFiles } from './helpers.ts';

interface ExpectedWorkflow {
  nodes: number;
  edges: number;
  apps: string[];
  annotations?: number;
  edgeKinds?: Record<string, number>;
}
interface ExpectedFile {
  platform: PlatformId;
  workflows: ExpectedWorkflow[];
  credentialTypes?: string[];
  communityPackages?: string[];
  nodeTypeVersions?: number;
}

/**
 * expected-corpus.json: `files`, what each corpus file holds, worked out from the files with Python
 * (test/fixtures), not from the parser; `appByType`, every node type of the corpus and the app key it
 * must get, written by hand.
 */
const { appByType: APP_BY_TYPE, files: EXPECTED } = JSON.parse(
  readFileSync(join(import.meta.dirname, 'expected-corpus.json'), 'utf8'),
) as { appByType: Record<string, string>; files: Record<string, ExpectedFile> };

function parsed(file: string): ParseSuccess {
  const result = parseWorkflowExport(fixture(file));
  if (!result.ok) throw new Error(`${file}: ${result.error.code} ${result.error.message}`);
  return result;
}

function distinctApps(graph: WorkflowGraph): string[] {
  return [...new Set(graph.nodes.map((node) => node.app))];
}

function edgeKindCounts(graph: WorkflowGraph, foldBranches: boolean): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const edge of graph.edges) {
    const kind = foldBranches && (edge.kind === 'branch' || edge.kind === 'error') ? 'main' : edge.kind;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

describe('every corpus file', () => {
  it('has an expectation for each fixture', () => {
    const files = [...PLATFORM_IDS, 'synthetic'].flatMap(fixtureFiles);
    expect(Object.keys(EXPECTED).sort()).toEqual(files.sort());
  });

  it.each(Object.keys(APP_BY_TYPE))('maps node type %s to its app', (type) => {
    expect(normalizeAppKey(type)).toBe(APP_BY_TYPE[type]);
  });

  describe.each(Object.entries(EXPECTED))('%s', (file, expected) => {
    const result = parsed(file);

    it('is recognized as the right platform', () => {
      expect(result.platform).toBe(expected.platform);
      expect(result.workflows).toHaveLength(expected.workflows.length);
      expect(result.warnings).toEqual([]);
    });

    it('has the expected nodes, edges and apps', () => {
      result.workflows.forEach((graph, index) => {
        const want = expected.workflows[index]!;
        expect(graph.nodes).toHaveLength(want.nodes);
        expect(graph.edges).toHaveLength(want.edges);
        expect(distinctApps(graph)).toEqual(want.apps);
        if (want.annotations !== undefined) expect(graph.annotations).toHaveLength(want.annotations);
      });
    });

    it('has the expected edge kinds', () => {
      result.workflows.forEach((graph, index) => {
        const want = expected.workflows[index]!;
        if (!want.edgeKinds) return;
        if (expected.platform === 'n8n') {
          expect(edgeKindCounts(graph, true)).toEqual(want.edgeKinds);
        } else {
          const counts = edgeKindCounts(graph, false);
          for (const [kind, count] of Object.entries(want.edgeKinds)) expect(counts[kind] ?? 0).toBe(count);
        }
      });
    });

    it('has the expected requirements', () => {
      const graph = result.workflows[0]!;
      if (expected.credentialTypes) {
        expect(graph.requirements.credentials.map((credential) => credential.type).sort()).toEqual(
          expected.credentialTypes,
        );
      }
      if (expected.communityPackages)
        expect(graph.requirements.communityPackages).toEqual(expected.communityPackages);
      if (expected.nodeTypeVersions !== undefined)
        expect(graph.requirements.nodeTypeVersions).toHaveLength(expected.nodeTypeVersions);
    });

    it('gives every node a unique id and every edge ends on a node', () => {
      for (const graph of result.workflows) {
        const ids = new Set(graph.nodes.map((node) => node.id));
        expect(ids.size).toBe(graph.nodes.length);
        for (const edge of graph.edges) {
          expect(ids.has(edge.from)).toBe(true);
          expect(ids.has(edge.to)).toBe(true);
        }
      }
    });
  });
});

describe('n8n details', () => {
  it('reads old exports without node ids, with string credentials', () => {
    const graph = parsed('n8n/Zie619--workflows__Manual__0119_Manual_Cron_Create_Webhook.json').workflows[0]!;
    expect(graph.nodes.every((node) => node.id === node.name)).toBe(true);
    expect(graph.requirements.credentials).toEqual([
      expect.objectContaining({ app: 'email', type: 'smtp', names: ['Gmail Creds'] }),
    ]);
  });

  it('labels IF outputs true / false and marks error outputs', () => {
    const graph = parsed(
      'n8n/enescingoz--Gmail_and_Email_Automation__Microsoft_Outlook_AI_Email_Assistant_with_contact_support_from_Monday_and_Airtable.json',
    ).workflows[0]!;
    const ifIds = new Set(
      graph.nodes.filter((node) => node.type === 'n8n-nodes-base.if').map((node) => node.id),
    );
    const ifEdges = graph.edges.filter((edge) => ifIds.has(edge.from) && edge.kind === 'branch');
    expect(ifEdges.length).toBeGreaterThan(0);
    for (const edge of ifEdges) expect(['true', 'false']).toContain(edge.label);
  });

  it('keeps disabled nodes, flagged', () => {
    const graph = parsed('n8n/Zie619--workflows__Webhook__1897_Webhook_Filter_Sync_Webhook.json')
      .workflows[0]!;
    expect(graph.nodes.filter((node) => node.disabled).length).toBeGreaterThan(0);
    expect(graph.nodes.length).toBeGreaterThan(100);
  });

  it('finds error outputs of nodes set to continue on error', () => {
    const graph = parsed('n8n/Zie619--workflows__Webhook__1897_Webhook_Filter_Sync_Webhook.json')
      .workflows[0]!;
    expect(graph.edges.some((edge) => edge.kind === 'error')).toBe(true);
  });

  it('turns sticky notes into annotations with size', () => {
    const graph = parsed('n8n/Zie619--workflows__Manual__2017_Manual_Stickynote_Import_Webhook.json')
      .workflows[0]!;
    expect(graph.annotations[0]).toMatchObject({ size: { width: 808, height: 385 } });
    expect(graph.annotations[0]!.text).toContain('Convert CSV to Excel');
  });

  it('marks triggers', () => {
    const graph = parsed('n8n/Zie619--workflows__Manual__0119_Manual_Cron_Create_Webhook.json').workflows[0]!;
    expect(
      graph.nodes
        .filter((node) => node.kind === 'trigger')
        .map((node) => node.type)
        .sort(),
    ).toEqual(['n8n-nodes-base.cron', 'n8n-nodes-base.manualTrigger']);
  });
});

describe('Make details', () => {
  const file =
    'make/silbersteine--Notion__Language_Task_Dashboard__NotionLanguageDashboardScheduledUpdater.json';

  it('labels the edge into a filtered module with the filter name', () => {
    const graph = parsed('make/manasoid--community-management__blueprint-buy-me-a-coffee-slack.json')
      .workflows[0]!;
    expect(
      graph.edges
        .map((edge) => edge.label)
        .filter(Boolean)
        .sort(),
    ).toEqual(['coffee?', 'found?']);
  });

  it('joins modules to their error handlers', () => {
    const graph = parsed(file).workflows[0]!;
    const errorEdges = graph.edges.filter((edge) => edge.kind === 'error');
    expect(errorEdges).toHaveLength(3);
    for (const edge of errorEdges)
      expect(graph.nodes.find((node) => node.id === edge.to)?.type).toBe('builtin:Ignore');
  });

  it('uses designer positions and marks the first module as the trigger', () => {
    const graph = parsed('make/manasoid--meetings__blueprint-zoom.json').workflows[0]!;
    expect(graph.layout).toBe('export');
    expect(graph.nodes[0]).toMatchObject({
      kind: 'trigger',
      position: { x: 0, y: 0 },
      app: 'google-calendar',
    });
  });

  it('attaches designer notes to their module', () => {
    const graph = parsed('make/silbersteine--Notion__Task_Dashboard__NotionTaskDashboardWebhook.json')
      .workflows[0]!;
    expect(graph.annotations).toEqual([
      expect.objectContaining({ nodeId: '4', text: 'Listen to all Created, Queued, and Closed Tasks' }),
    ]);
  });

  it('names Make connections from the restore data', () => {
    const graph = parsed('make/manasoid--document-management__blueprint-certificate-generator.json')
      .workflows[0]!;
    expect(
      graph.requirements.credentials.find((credential) => credential.app === 'google-drive'),
    ).toMatchObject({ type: 'google-restricted' });
  });
});

describe('Zapier details', () => {
  it('reads an editor export with Paths as branches', () => {
    const result = parsed('zapier/handmade--editor-export-paths.json');
    const graph = result.workflows[0]!;
    expect(graph.name).toBe('Route new form leads to CRM and Slack');
    const branches = graph.edges.filter((edge) => edge.kind === 'branch');
    expect(branches.map((edge) => edge.label)).toEqual(['Enterprise leads', 'Everyone else']);
    expect(graph.nodes.find((node) => node.id === '2')?.kind).toBe('router');
    expect(graph.nodes.filter((node) => node.kind === 'filter')).toHaveLength(2);
    expect(graph.requirements.credentials.map((credential) => credential.type)).toEqual([
      'GoogleFormsCLIAPI',
      'HubSpotCLIAPI',
      'SlackAPI',
      'GoogleSheetsV2CLIAPI',
    ]);
    expect(graph.requirements.nodeTypeVersions).toContainEqual({
      type: 'GoogleSheetsV2CLIAPI',
      version: '2.5.4',
    });
  });

  it('reads an account export with several zaps', () => {
    const result = parsed('zapier/handmade--account-export-two-zaps.json');
    expect(result.workflows.map((graph) => graph.name)).toEqual([
      'Save Gmail attachments to Drive',
      'Daily digest with delay',
    ]);
    expect(result.workflows[1]!.requirements.credentials.map((credential) => credential.app)).toEqual([
      'notion',
      'telegram',
    ]);
    expect(result.workflows[0]!.nodes[1]!.name).toBe('Upload to Drive');
  });

  it('lays zaps out left to right without overlaps', () => {
    for (const file of [
      'zapier/handmade--editor-export-paths.json',
      'zapier/handmade--account-export-two-zaps.json',
    ]) {
      for (const graph of parsed(file).workflows) {
        expect(graph.layout).toBe('auto');
        const cells = new Set(graph.nodes.map((node) => `${node.position.x},${node.position.y}`));
        expect(cells.size).toBe(graph.nodes.length);
        const position = new Map(graph.nodes.map((node) => [node.id, node.position]));
        for (const edge of graph.edges)
          expect(position.get(edge.to)!.x).toBeGreaterThan(position.get(edge.from)!.x);
      }
    }
  });
});

describe('bad corpus files', () => {
  it.each([
    [
      'bad/enescingoz--AI_Research_RAG_and_Data_Analysis__Host_Your_Own_AI_Deep_Research_Agent_with_n8n__Apify_and_OpenAI_o3.json',
      2942,
      2,
    ],
    ['bad/manasoid--artificial-intelligence__blueprint-analyse-yourself-with-ai-dayone-1saas.json', 697, 29],
  ])('%s is INVALID_JSON with line and column', (file, line, column) => {
    const result = parseWorkflowExport(fixture(file));
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_JSON', line, column } });
  });
});
