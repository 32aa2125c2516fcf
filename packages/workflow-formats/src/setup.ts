/**
 * How hard a workflow is to set up and roughly how long it takes, from what its file needs: the
 * steps to look through, the accounts to connect, the code to read and the packages to install.
 * Simple published rules (decision 0165), so an author can see why a listing says "advanced".
 */
import type { SafetyFinding } from './safety.ts';
import type { ExportSummary } from './summary.ts';

export const SETUP_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type SetupDifficulty = (typeof SETUP_DIFFICULTIES)[number];

/** Difficulty and setup minutes (same shape as the checks' contract in `@flowbay/domain`). */
export interface SetupEstimate {
  difficulty: SetupDifficulty;
  setup_minutes: number;
}

/** The rules' numbers: minutes per item and the thresholds of each difficulty. */
export const SETUP_RULES = {
  baseMinutes: 5,
  /** Per working node (sticky notes and Make notes do not count), up to `maxNodeMinutes`. */
  minutesPerNode: 1,
  maxNodeMinutes: 60,
  /** Per credential type to create (one per service account, however many nodes use it). */
  minutesPerCredential: 5,
  /** Per code step to read and understand. */
  minutesPerCodeNode: 10,
  /** Per community package to install on the n8n server. */
  minutesPerPackage: 15,
  /** The estimate never says more than this (8 hours): beyond it "a day" is all anyone can say. */
  maxMinutes: 480,
  /** Beginner: at most this many working nodes, `beginnerCredentials` credentials, no code, no packages. */
  beginnerNodes: 10,
  beginnerCredentials: 2,
  /** Advanced: more than this many nodes, or this many credentials, or code steps, or any package. */
  advancedNodes: 30,
  advancedCredentials: 6,
  advancedCodeNodes: 3,
} as const;

/**
 * Setup estimate of an export. Minutes: 5 + 1 per working node (at most 60) + 5 per credential
 * + 10 per code step + 15 per community package, rounded up to 5 and at most 480. Difficulty:
 * advanced with any community package, 3+ code steps, more than 30 nodes or 6+ credentials;
 * beginner with at most 10 nodes, at most 2 credentials and no code; intermediate otherwise.
 */
export function setupEstimate(
  summary: Pick<ExportSummary, 'nodeCount' | 'requirements'> & { nodes?: readonly string[] },
  findings: readonly Pick<SafetyFinding, 'code' | 'node' | 'detail'>[],
): SetupEstimate {
  const rules = SETUP_RULES;
  // `nodes` lists working nodes only (notes left out); older summaries lack it.
  const nodes = summary.nodes?.length ?? summary.nodeCount;
  const credentials = summary.requirements.credentials.length;
  const codeNodes = new Set(findings.filter((f) => f.code === 'code_node').map((f) => f.node ?? '')).size;
  const packages = new Set([
    ...summary.requirements.communityPackages,
    ...findings.filter((f) => f.code === 'community_package' && f.detail).map((f) => f.detail!),
  ]).size;

  const raw =
    rules.baseMinutes +
    Math.min(nodes * rules.minutesPerNode, rules.maxNodeMinutes) +
    credentials * rules.minutesPerCredential +
    codeNodes * rules.minutesPerCodeNode +
    packages * rules.minutesPerPackage;
  const setup_minutes = Math.min(Math.ceil(raw / 5) * 5, rules.maxMinutes);

  const difficulty: SetupDifficulty =
    packages > 0 ||
    codeNodes >= rules.advancedCodeNodes ||
    nodes > rules.advancedNodes ||
    credentials >= rules.advancedCredentials
      ? 'advanced'
      : nodes <= rules.beginnerNodes && credentials <= rules.beginnerCredentials && codeNodes === 0
        ? 'beginner'
        : 'intermediate';
  return { difficulty, setup_minutes };
}
