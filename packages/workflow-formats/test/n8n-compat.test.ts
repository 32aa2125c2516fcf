/*
 * The releases asserted here are facts of data/n8n-catalogue.json as read from n8n's packages
 * (e.g. AI Agent 1.9 first appears in n8n 1.94.1's @n8n/n8n-nodes-langchain; n8n 2.0.0's
 * @n8n/config excludes Execute Command by default). A rebuilt catalogue that changes one of them
 * must change the test with it.
 */
import { describe, expect, it } from 'vitest';
import catalogue from '../data/n8n-catalogue.json' with { type: 'json' };
import {
  N8N_CATALOGUE_VERSION,
  credentialDisplayName,
  n8nCatalogueReleases,
  n8nCompatibility,
  nodeDisplayName,
  parseWorkflowExport,
} from '../src/index.ts';
import { fixture, n8nNode } from './helpers.ts';

/** The compatibility of a fixture, with `extra` nodes added to its first workflow. */
function compatibilityOf(path: string, extra: ReturnType<typeof n8nNode>[] = []) {
  const document = JSON.parse(fixture(path));
  document.nodes.push(...extra);
  const parsed = parseWorkflowExport(JSON.stringify(document));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return n8nCompatibility(parsed.workflows[0]!.requirements);
}

const DISQUS = 'n8n/Zie619--workflows__Manual__0080_Manual_Disqus_Import_Triggered.json';
const CRON = 'n8n/Zie619--workflows__Manual__0119_Manual_Cron_Create_Webhook.json';
const MCP = 'n8n/Zie619--workflows__Code__1402_Code_Manual_Automation_Webhook.json';
const AGENT_19 =
  'n8n/enescingoz--Instagram_Twitter_Social_Media__Grounded_Article_to_Thread_and_LinkedIn_Post.json';

describe('the n8n catalogue', () => {
  it('covers 1.0.0 to 2.41.1 with the checked lines and a release of every 2.x minor it could read', () => {
    const releases = n8nCatalogueReleases();
    expect(releases[0]).toBe('1.0.0');
    expect(releases.at(-1)).toBe('2.41.1');
    expect(releases).toContain('1.119.2');
    expect(releases).toContain('2.0.0');
    const minors2 = new Set(releases.filter((r) => r.startsWith('2.')).map((r) => r.split('.')[1]));
    expect(minors2.size).toBeGreaterThanOrEqual(25);
    expect(N8N_CATALOGUE_VERSION).toMatch(/^2\.41\.1\+[0-9a-f]{12}$/);
    // The stamp module is written with the data: a rebuilt catalogue changes both.
    expect(N8N_CATALOGUE_VERSION).toBe(catalogue.version);
  });

  it('names only catalogued releases in its ranges', () => {
    const releases = new Set(catalogue.releases.map((r) => r.n8n));
    for (const node of Object.values(catalogue.nodes) as { v: Record<string, (string | null)[]> }[]) {
      for (const ranges of Object.values(node.v)) {
        expect(ranges.length % 2).toBe(0);
        for (const release of ranges) if (release !== null) expect(releases.has(release)).toBe(true);
      }
    }
  });

  it('excludes exactly Execute Command and Local File Trigger by default, from 2.0.0 on', () => {
    const disabled = Object.entries(catalogue.nodes as Record<string, { disabled?: (string | null)[] }>)
      .filter(([, node]) => node.disabled)
      .map(([type, node]) => [type, node.disabled]);
    expect(disabled).toEqual([
      ['n8n-nodes-base.executeCommand', ['2.0.0', null]],
      ['n8n-nodes-base.localFileTrigger', ['2.0.0', null]],
    ]);
  });

  it('stays small', () => {
    expect(JSON.stringify(catalogue).length).toBeLessThan(200_000);
  });
});

describe('n8nCompatibility on real workflows', () => {
  it('puts the minimum at the release that first lists the newest typeVersion used', () => {
    const result = n8nCompatibility({ communityPackages: [], nodeTypeVersions: [] });
    expect(result.catalogue).toBe('2.41.1');
    expect(compatibilityOf(AGENT_19)).toMatchObject({
      catalogue: '2.41.1',
      min: '1.94.1',
      max: null,
      limits: [
        {
          type: '@n8n/n8n-nodes-langchain.agent',
          display_name: 'AI Agent',
          version: 1.9,
          reason: 'introduced',
          release: '1.94.1',
        },
      ],
      community_packages: [],
      unknown_types: [],
    });
  });

  it('gives a workflow built only of 1.0 nodes no bounds and no limits', () => {
    const result = compatibilityOf(DISQUS);
    expect(result).toMatchObject({ min: '1.0.0', max: null, limits: [], unknown_types: [] });
  });

  it('puts a workflow using a node introduced in 2.x at that release or later', () => {
    const result = compatibilityOf(DISQUS, [n8nNode('MiniMax', '@n8n/n8n-nodes-langchain.lmChatMinimax')]);
    expect(result.min).toBe('2.20.0');
    expect(result.max).toBeNull();
    expect(result.limits).toEqual([
      {
        type: '@n8n/n8n-nodes-langchain.lmChatMinimax',
        display_name: nodeDisplayName('@n8n/n8n-nodes-langchain.lmChatMinimax'),
        version: 1,
        reason: 'introduced',
        release: '2.20.0',
      },
    ]);
    // A newer typeVersion of an old node counts the same way: Slack 2.7 is first in 2.35.0.
    expect(
      compatibilityOf(DISQUS, [n8nNode('Slack', 'n8n-nodes-base.slack', { typeVersion: 2.7 })]).min,
    ).toBe('2.35.0');
  });

  it('ends a workflow using Execute Command at the last 1.x release: 2.0 disables it by default', () => {
    const result = compatibilityOf(DISQUS, [n8nNode('Run', 'n8n-nodes-base.executeCommand')]);
    expect(result.min).toBe('1.0.0');
    // 1.123 is the last 1.x minor; 1.123.81 its newest patch here, still on 1.x's empty default.
    expect(result.max).toBe('1.123.81');
    expect(result.limits).toEqual([
      {
        type: 'n8n-nodes-base.executeCommand',
        display_name: 'Execute Command',
        version: 1,
        reason: 'disabled',
        release: '2.0.0',
      },
    ]);
  });

  it('ends a workflow using a removed node at the last release that had it', () => {
    const spontit = compatibilityOf(DISQUS, [n8nNode('Push', 'n8n-nodes-base.spontit')]);
    expect(spontit.max).toBe('1.123.81');
    expect(spontit.limits).toContainEqual(
      expect.objectContaining({ type: 'n8n-nodes-base.spontit', reason: 'removed', release: '2.0.0' }),
    );
    // The Start node was still in 2.1.4 and gone from the next catalogued release, 2.3.6.
    const start = compatibilityOf(DISQUS, [n8nNode('Start', 'n8n-nodes-base.start')]);
    expect(start).toMatchObject({ min: '1.0.0', max: '2.1.4' });
    expect(start.limits).toEqual([
      expect.objectContaining({ type: 'n8n-nodes-base.start', reason: 'removed', release: '2.3.6' }),
      expect.objectContaining({ type: 'n8n-nodes-base.start', reason: 'deprecated', release: '1.0.0' }),
    ]);
  });

  it('dates a typeVersion backported to a 1.x patch from that patch', () => {
    // Git 1.1 is in 1.123.81 and from 2.0.3 on, not in 1.123.0 or 2.0.0.
    const result = compatibilityOf(DISQUS, [n8nNode('Git', 'n8n-nodes-base.git', { typeVersion: 1.1 })]);
    expect(result).toMatchObject({ min: '1.123.81', max: null });
    expect(result.limits).toEqual([
      expect.objectContaining({ type: 'n8n-nodes-base.git', reason: 'introduced', release: '1.123.81' }),
    ]);
  });

  it('still names a node that the newest release excludes when the bounds are unknown', () => {
    const result = compatibilityOf(DISQUS, [
      n8nNode('Run', 'n8n-nodes-base.executeCommand'),
      n8nNode('Set', 'n8n-nodes-base.set', { typeVersion: 3.45 }),
    ]);
    expect(result).toMatchObject({ min: null, max: null });
    expect(result.limits.map((l) => [l.type, l.reason, l.release])).toEqual([
      ['n8n-nodes-base.set', 'unknown', null],
      ['n8n-nodes-base.executeCommand', 'disabled', '2.0.0'],
    ]);
  });

  it('names deprecated nodes with the release n8n hid them from', () => {
    const result = compatibilityOf(CRON);
    expect(result).toMatchObject({ min: '1.0.0', max: null });
    expect(result.limits).toEqual([
      {
        type: 'n8n-nodes-base.cron',
        display_name: 'Cron',
        version: 1,
        reason: 'deprecated',
        release: '1.0.0',
      },
      {
        type: 'n8n-nodes-base.function',
        display_name: 'Function',
        version: 1,
        reason: 'deprecated',
        release: '1.0.0',
      },
    ]);
  });

  it('lists nodes used at an older typeVersion than the newest release offers', () => {
    const upgrades = compatibilityOf(CRON).upgrades;
    expect(upgrades).toEqual(
      expect.arrayContaining([
        { type: 'n8n-nodes-base.set', display_name: 'Edit Fields (Set)', used: 1, latest: 3.5 },
        { type: 'n8n-nodes-base.httpRequest', display_name: 'HTTP Request', used: 1, latest: 4.5 },
        { type: 'n8n-nodes-base.if', display_name: 'If', used: 1, latest: 2.3 },
      ]),
    );
    expect(upgrades.map((u) => u.type)).not.toContain('n8n-nodes-base.manualTrigger');
    // Kafka Trigger lists 2 in 2.41.1, but n8n adds new ones at its default, 1.3.
    const kafka = (version: number) =>
      n8nCompatibility({
        communityPackages: [],
        nodeTypeVersions: [{ type: 'n8n-nodes-base.kafkaTrigger', version }],
      }).upgrades;
    expect(kafka(1.1)).toEqual([
      { type: 'n8n-nodes-base.kafkaTrigger', display_name: 'Kafka Trigger', used: 1.1, latest: 1.3 },
    ]);
    expect(kafka(1.3)).toEqual([]);
    expect(upgrades.map((u) => u.type)).not.toContain('n8n-nodes-base.cron');
  });

  it('names community packages and does not count their nodes as unknown', () => {
    const result = compatibilityOf(MCP);
    expect(result.community_packages).toEqual(['n8n-nodes-mcp']);
    expect(result.unknown_types).toEqual([]);
    expect(result.min).toBe('1.85.3');
  });

  it('flags a type of n8n-nodes-base that no release has, and then knows no minimum', () => {
    const result = compatibilityOf(DISQUS, [n8nNode('Made up', 'n8n-nodes-base.notARealNode')]);
    expect(result.unknown_types).toEqual(['n8n-nodes-base.notARealNode']);
    expect(result.min).toBeNull();
    expect(result.max).toBeNull();
  });

  it('flags a type outside every package the file names without changing the bounds', () => {
    const result = compatibilityOf(DISQUS, [n8nNode('Custom', 'CUSTOM.myNode')]);
    expect(result.unknown_types).toEqual(['CUSTOM.myNode']);
    expect(result.min).toBe('1.0.0');
  });
});

describe('n8nCompatibility on typeVersions', () => {
  const only = (type: string, version?: number | string) =>
    n8nCompatibility({ communityPackages: [], nodeTypeVersions: [{ type, version }] });

  it('counts a typeVersion between listed ones as unknown, as n8n looks versions up exactly', () => {
    // Edit Fields (Set) lists 3.4 and 3.5 but never 3.45.
    const result = only('n8n-nodes-base.set', 3.45);
    expect(result.min).toBeNull();
    expect(result.limits).toEqual([
      {
        type: 'n8n-nodes-base.set',
        display_name: 'Edit Fields (Set)',
        version: 3.45,
        reason: 'unknown',
        release: null,
      },
    ]);
    expect(result.unknown_types).toEqual([]);
  });

  it('reads a missing typeVersion as 1 and a numeric string as its number', () => {
    expect(only('n8n-nodes-base.set').min).toBe('1.0.0');
    expect(only('n8n-nodes-base.set', '3.4').min).toBe('1.49.0');
    expect(only('n8n-nodes-base.set', 'v3').limits[0]).toMatchObject({ reason: 'unknown', version: 'v3' });
  });
});

describe('display names', () => {
  it("takes the catalogue's names", () => {
    expect(credentialDisplayName('notionApi')).toBe('Notion API');
    expect(credentialDisplayName('slackOAuth2Api')).toBe('Slack OAuth2 API');
    expect(nodeDisplayName('n8n-nodes-base.set')).toBe('Edit Fields (Set)');
    expect(nodeDisplayName('@n8n/n8n-nodes-langchain.agent')).toBe('AI Agent');
  });

  it('reads unknown names as words', () => {
    expect(credentialDisplayName('acmeCrmApi')).toBe('Acme Crm');
    expect(credentialDisplayName('acmeCrmOAuth2Api')).toBe('Acme Crm OAuth2');
    expect(credentialDisplayName('fiwanoApi')).toBe('Fiwano');
    expect(nodeDisplayName('n8n-nodes-fiwano.fiwanoTrigger')).toBe('Fiwano Trigger');
    expect(nodeDisplayName('n8n-nodes-mcp.mcpClient')).toBe('Mcp Client');
  });
});
