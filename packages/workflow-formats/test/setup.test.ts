import { describe, expect, it } from 'vitest';
import { SETUP_RULES, checkExport, setupEstimate, type SafetyFinding } from '../src/index.ts';
import { fixture } from './helpers.ts';

/** A summary with `nodes` working nodes and `credentials` credential types. */
const summary = (nodes: number, credentials = 0, packages: string[] = []) => ({
  nodeCount: nodes,
  nodes: Array.from({ length: nodes }, (_, i) => `t|n${i}`),
  requirements: {
    credentials: Array.from({ length: credentials }, (_, i) => ({
      app: `app${i}`,
      type: `app${i}Api`,
      names: [],
      nodes: [],
    })),
    communityPackages: packages,
    nodeTypeVersions: [],
  },
});
const code = (node: string): SafetyFinding => ({ code: 'code_node', severity: 'info', node, public: true });

describe('setupEstimate', () => {
  it('beginner up to 10 nodes and 2 credentials without code; intermediate one past either', () => {
    expect(setupEstimate(summary(10, 2), [])).toEqual({ difficulty: 'beginner', setup_minutes: 25 });
    expect(setupEstimate(summary(11, 2), []).difficulty).toBe('intermediate');
    expect(setupEstimate(summary(10, 3), []).difficulty).toBe('intermediate');
    expect(setupEstimate(summary(2, 0), [code('A')]).difficulty).toBe('intermediate');
  });

  it('advanced past 30 nodes, at 6 credentials, at 3 code nodes or with any community package', () => {
    expect(setupEstimate(summary(30, 5), [code('A'), code('B')]).difficulty).toBe('intermediate');
    expect(setupEstimate(summary(31), []).difficulty).toBe('advanced');
    expect(setupEstimate(summary(5, 6), []).difficulty).toBe('advanced');
    expect(setupEstimate(summary(5), [code('A'), code('B'), code('C')]).difficulty).toBe('advanced');
    // Two findings about the same code node count once.
    expect(setupEstimate(summary(5), [code('A'), code('A'), code('B')]).difficulty).toBe('intermediate');
    expect(setupEstimate(summary(1, 0, ['n8n-nodes-mcp']), []).difficulty).toBe('advanced');
  });

  it('adds minutes per node (capped), credential, code node and package, rounded up to 5', () => {
    // 5 + 3 nodes = 8 → 10
    expect(setupEstimate(summary(3), []).setup_minutes).toBe(10);
    // 5 + 4 = 9 → 10; 5 + 5 = 10 → 10; 5 + 6 = 11 → 15
    expect(setupEstimate(summary(4), []).setup_minutes).toBe(10);
    expect(setupEstimate(summary(5), []).setup_minutes).toBe(10);
    expect(setupEstimate(summary(6), []).setup_minutes).toBe(15);
    // 5 + 2 + 2×5 + 10 + 15 = 42 → 45
    expect(setupEstimate(summary(2, 2, ['pkg']), [code('A')]).setup_minutes).toBe(45);
    // Nodes count at most 60 minutes: 5 + 60 = 65 for 60 nodes and for 1,000.
    expect(setupEstimate(summary(60), []).setup_minutes).toBe(65);
    expect(setupEstimate(summary(1000), []).setup_minutes).toBe(65);
    // Never more than 8 hours.
    expect(setupEstimate(summary(1000, 200), []).setup_minutes).toBe(SETUP_RULES.maxMinutes);
  });

  it('counts nodeCount when a stored summary has no node list', () => {
    const { nodes: _, ...old } = summary(12);
    expect(setupEstimate(old, [])).toEqual({ difficulty: 'intermediate', setup_minutes: 20 });
  });

  it('comes with every accepted upload, from its notes-free node list', () => {
    const result = checkExport(
      fixture('n8n/Zie619--workflows__Code__1402_Code_Manual_Automation_Webhook.json'),
      { redact: false },
    );
    if (!result.ok) throw new Error('expected the fixture to pass');
    // A community package (n8n-nodes-mcp) makes it advanced.
    expect(result.setup.difficulty).toBe('advanced');
    expect(result.setup.setup_minutes % 5).toBe(0);
    expect(result.setup.setup_minutes).toBeGreaterThanOrEqual(5 + 15);
  });
});
