import { z } from 'zod';

/**
 * What the automated checks say about a workflow file: which n8n releases it runs on (from the node
 * catalogue built out of n8n's published node packages) and what the safety check found. The
 * server stores them with each version; cards, the detail page, the templates API, MCP and the
 * moderation queue show them (decision 0164).
 */

/** Ordered from least to most serious; a `high` finding needs an admin's note to be approved. */
export const SEVERITIES = ['info', 'low', 'medium', 'high'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * One kind of finding each. `secret`: a credential left in the file; `secret_removed`: secrets were
 * redacted at upload; `code_*`: what a Code / Function node (or a Make / Zapier code step) does;
 * `http_*`: where an HTTP request goes; `credential_foreign_host`: a credential sent to a host that is
 * not its service's; `policy`: the optional language-model check of the listing's texts.
 */
export const SAFETY_CODES = [
  'secret',
  'secret_removed',
  'execute_command',
  'ssh',
  'ftp',
  'file_system',
  'code_node',
  'code_child_process',
  'code_fs',
  'code_eval',
  'code_network_module',
  'code_blob',
  'http_request',
  'http_ip_literal',
  'http_paste_site',
  'http_url_shortener',
  'http_file_sharing',
  'credential_foreign_host',
  'webhook_no_auth',
  'form_no_auth',
  'community_package',
  'policy',
] as const;
export type SafetyCode = (typeof SAFETY_CODES)[number];

export const SafetyFinding = z.object({
  code: z.enum(SAFETY_CODES),
  severity: z.enum(SEVERITIES),
  /** The node's name in the file: for the author and admins only, never in public answers. */
  node: z.string().optional(),
  /** The platform's node type (`n8n-nodes-base.code`, `code:ExecuteCode`, `CodeAPI`). */
  node_type: z.string().optional(),
  /** What was found, never code or a secret: a host, a module name, a package, the model's reason. */
  detail: z.string().optional(),
  /** Whether a buyer should know: the public Checked panel lists these (without node names). */
  public: z.boolean(),
});
export type SafetyFinding = z.infer<typeof SafetyFinding>;

/** Why a release bound exists for a node. */
export const COMPAT_REASONS = ['introduced', 'removed', 'disabled', 'deprecated', 'unknown'] as const;
export type CompatReason = (typeof COMPAT_REASONS)[number];

const TypeVersion = z.union([z.number(), z.string()]);

/** Which n8n releases a workflow runs on, with the reason for each bound (n8n files only). */
export const N8nCompatibility = z.object({
  /** The newest release the node catalogue knows (what "runs on the newest" means). */
  catalogue: z.string(),
  /** The first catalogued release knowing every built-in node type and typeVersion used; null when none does. */
  min: z.string().nullable(),
  /** The last catalogued release it runs on as installed, when a node was later removed or disabled; null: still runs. */
  max: z.string().nullable(),
  limits: z.array(
    z.object({
      type: z.string(),
      display_name: z.string(),
      version: TypeVersion,
      reason: z.enum(COMPAT_REASONS),
      /** The release the reason dates from (introduced in, removed or disabled in, deprecated since). */
      release: z.string().nullable(),
    }),
  ),
  community_packages: z.array(z.string()),
  /** Node types outside n8n's packages and outside any community package named in the file. */
  unknown_types: z.array(z.string()),
  /** Nodes used at an older typeVersion than the newest release offers. */
  upgrades: z.array(
    z.object({ type: z.string(), display_name: z.string(), used: TypeVersion, latest: TypeVersion }),
  ),
});
export type N8nCompatibility = z.infer<typeof N8nCompatibility>;

/** The short form cards carry. */
export const CompatBadge = z.object({ min: z.string().nullable(), max: z.string().nullable() });
export type CompatBadge = z.infer<typeof CompatBadge>;

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Difficulty and the minutes it takes to set up, derived from the file (nodes, credentials, code, packages). */
export const SetupEstimate = z.object({ difficulty: z.enum(DIFFICULTIES), setup_minutes: z.number().int() });
export type SetupEstimate = z.infer<typeof SetupEstimate>;

/** What the checks looked at; `policy` only when the language-model check is on. */
export const CHECK_KINDS = [
  'format',
  'secrets',
  'risky_nodes',
  'code',
  'web_requests',
  'webhooks',
  'community_packages',
  'compatibility',
  'policy',
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** The public "Checked" panel of a listing (paid ones too, before purchase: no code, no node names). */
export const CheckedPanel = z.object({
  checked_at: z.string(),
  /** The listing version that was checked. */
  version: z.string(),
  checks: z.array(z.enum(CHECK_KINDS)),
  /** Whether a language model took part (MODERATION_URL configured). */
  ai_assisted: z.boolean(),
  /** Public findings only, without `node`. */
  findings: z.array(SafetyFinding.omit({ node: true })),
  highest: z.enum(SEVERITIES).nullable(),
});
export type CheckedPanel = z.infer<typeof CheckedPanel>;

/** A credential a workflow needs, by the name its platform shows ("Notion API", not `notionApi`). */
export const NeededCredential = z.object({ type: z.string(), app: z.string(), name: z.string() });
export type NeededCredential = z.infer<typeof NeededCredential>;

/** An n8n release as typed by a visitor ("1.98", "2.41.1"): major.minor[.patch]. */
export const N8nRelease = z.string().regex(/^\d{1,2}\.\d{1,3}(?:\.\d{1,3})?$/);

/** Compares two releases ("1.98" < "1.119.2" < "2.0"); a missing patch counts as 0. */
export function compareReleases(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether a workflow with this badge runs on `release`: null when unknown (no bound computed). */
export function runsOnRelease(badge: CompatBadge, release: string): boolean | null {
  if (badge.min === null) return null;
  const [major, minor] = release.split('.').map(Number);
  // A visitor's "1.98" means any 1.98.x: the minimum's patch does not count against it.
  const minMinor = badge.min.split('.').slice(0, 2).join('.');
  if (compareReleases(`${major}.${minor}`, minMinor) < 0) return false;
  if (badge.max !== null && compareReleases(release, badge.max) > 0) return false;
  return true;
}

/** What the web learns of the checks (`GET /api/checks`): whether a language model takes part. */
export const ChecksStatus = z.object({ ai_moderation: z.boolean() });
export type ChecksStatus = z.infer<typeof ChecksStatus>;
