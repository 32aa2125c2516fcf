import {
  SEVERITIES,
  type CheckKind,
  type CheckedPanel,
  type CompatBadge,
  type N8nCompatibility,
  type NeededCredential,
  type SafetyFinding,
  type SetupEstimate,
  type Severity,
  type VersionCheckResult,
} from '@flowbay/domain';
import {
  N8N_CATALOGUE_VERSION,
  appDisplayName,
  credentialDisplayName,
  n8nCompatibility,
  setupEstimate,
  type ExportSummary,
  type SecretFinding,
} from '@flowbay/workflow-formats';

/**
 * What the automated checks found in a workflow file, kept with its upload and copied to its version's
 * `checks` (jsonb). `safety`, `setup`, `compatibility`, `catalogue` and `checked_at` are absent on
 * versions stored before the safety check; the recompute job (version-checks job) fills them in.
 */
export interface WorkflowFileChecks {
  format: ExportSummary['platform'];
  size: number;
  warnings: { code: string; message: string }[];
  secrets: { found: number; redacted: Omit<SecretFinding, 'preview'>[] };
  /** Every safety finding, most serious first (node names included: for the author and admins). */
  safety?: SafetyFinding[];
  setup?: SetupEstimate | null;
  /** n8n files only (null for Make and Zapier). */
  compatibility?: N8nCompatibility | null;
  /** The node catalogue stamp (`N8N_CATALOGUE_VERSION`) the compatibility was computed with. */
  catalogue?: string | null;
  checked_at?: string;
}

/** The parts of the checks computed from a file's summary and its safety findings. */
export type ComputedChecks = Required<
  Pick<WorkflowFileChecks, 'safety' | 'setup' | 'compatibility' | 'catalogue' | 'checked_at'>
>;

/** Which n8n releases a file runs on, from its summary's requirements; null for Make and Zapier. */
export function compatibilityOf(summary: Pick<ExportSummary, 'platform' | 'requirements'>) {
  if (summary.platform !== 'n8n') return null;
  return n8nCompatibility(summary.requirements) as N8nCompatibility;
}

/** The checks of a file from its summary and the safety check's findings, stamped now. */
export function computeChecks(
  summary: ExportSummary,
  safety: readonly SafetyFinding[],
  now = new Date(),
): ComputedChecks {
  const compatibility = compatibilityOf(summary);
  return {
    safety: [...safety],
    setup: setupEstimate(summary, safety),
    compatibility,
    catalogue: compatibility ? N8N_CATALOGUE_VERSION : null,
    checked_at: now.toISOString(),
  };
}

const rank = (severity: Severity) => SEVERITIES.indexOf(severity);

/**
 * A version's findings: the file's safety findings plus those other checks add (the policy check's),
 * most serious first. The one place a version's list of findings is put together.
 */
export function versionFindings(
  checks: Pick<WorkflowFileChecks, 'safety'> | null | undefined,
  added: readonly SafetyFinding[] = [],
): SafetyFinding[] {
  return [...(checks?.safety ?? []), ...added]
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => rank(b.finding.severity) - rank(a.finding.severity) || a.index - b.index)
    .map(({ finding }) => finding);
}

export function highestSeverity(findings: readonly Pick<SafetyFinding, 'severity'>[]): Severity | null {
  let highest: Severity | null = null;
  for (const { severity } of findings)
    if (highest === null || rank(severity) > rank(highest)) highest = severity;
  return highest;
}

/** The checks as stored on a version (jsonb), typed; null when there are none. */
export function storedChecks(value: unknown): WorkflowFileChecks | null {
  return value && typeof value === 'object' ? (value as WorkflowFileChecks) : null;
}

/** What the author and admins see: every finding with node names, compatibility and setup. */
export function versionCheckResult(
  checks: WorkflowFileChecks | null,
  added: readonly SafetyFinding[] = [],
): VersionCheckResult {
  const safety = versionFindings(checks, added);
  return {
    checked_at: checks?.checked_at ?? null,
    safety,
    highest_severity: highestSeverity(safety),
    compatibility: checks?.compatibility ?? null,
    setup: checks?.setup ?? null,
  };
}

/** What the checks look at for a file of this platform (`policy` when a language model takes part). */
function checkKinds(platform: string | null, aiAssisted: boolean): CheckKind[] {
  const kinds: CheckKind[] = ['format', 'secrets', 'risky_nodes', 'code', 'web_requests', 'webhooks'];
  if (platform === 'n8n') kinds.push('community_packages', 'compatibility');
  if (aiAssisted) kinds.push('policy');
  return kinds;
}

/**
 * Findings whose `detail` is a host the file calls: the author's own services (an internal API) are
 * a string of the file, shown only to those who may have the file anyway.
 */
const HOST_DETAIL_CODES = new Set<SafetyFinding['code']>([
  'http_request',
  'http_ip_literal',
  'credential_foreign_host',
]);

/**
 * The public "Checked" panel: public findings only, without node names (never code: findings carry
 * none), and without the hosts the file calls unless `hosts` (the viewer may have the file). Null for
 * a version not checked yet.
 */
export function checkedPanel(
  checks: WorkflowFileChecks | null,
  version: string,
  options: { aiAssisted?: boolean; added?: readonly SafetyFinding[]; hosts?: boolean } = {},
): CheckedPanel | null {
  if (!checks?.safety || !checks.checked_at) return null;
  const findings = versionFindings(checks, options.added)
    .filter((finding) => finding.public)
    .map(({ node: _node, detail, ...finding }) =>
      detail === undefined || (HOST_DETAIL_CODES.has(finding.code) && !options.hosts)
        ? finding
        : { ...finding, detail },
    );
  return {
    checked_at: checks.checked_at,
    version,
    checks: checkKinds(checks.format ?? null, options.aiAssisted ?? false),
    ai_assisted: options.aiAssisted ?? false,
    findings,
    highest: highestSeverity(findings),
  };
}

/** The card's short form of the compatibility. */
export function compatBadge(compatibility: N8nCompatibility | null | undefined): CompatBadge | null {
  return compatibility ? { min: compatibility.min, max: compatibility.max } : null;
}

/**
 * The credentials (n8n) or connections (Make, Zapier) a file needs, by the name its platform shows:
 * n8n's credential name ("Notion API"), else the app's display name.
 */
export function credentialsNeeded(summary: Pick<ExportSummary, 'platform' | 'requirements'> | null) {
  if (!summary?.requirements) return [];
  const seen = new Set<string>();
  const needed: NeededCredential[] = [];
  for (const credential of summary.requirements.credentials) {
    if (seen.has(credential.type)) continue;
    seen.add(credential.type);
    needed.push({
      type: credential.type,
      app: credential.app,
      name:
        summary.platform === 'n8n' ? credentialDisplayName(credential.type) : appDisplayName(credential.app),
    });
  }
  return needed;
}

/** "Runs on n8n ≥ 1.98" (and "≤ 2.3" when a node was removed since): the line the templates API shows. */
export function compatibilityLine(compatibility: N8nCompatibility | null | undefined): string | null {
  if (!compatibility?.min) return null;
  return compatibility.max
    ? `Runs on n8n ${compatibility.min} to ${compatibility.max}`
    : `Runs on n8n ≥ ${compatibility.min}`;
}

export { N8N_CATALOGUE_VERSION };
