import { z } from 'zod';
import { ListingText, Requirements } from './api.ts';
import {
  CheckWarning,
  NodeSummary,
  MODERATION_DECISIONS,
  SecretFinding,
  UserContact,
  WORKFLOW_STATUSES,
} from './common.ts';
import { DuplicateMatch, PlatformCheck, VersionDiff } from './publishing.ts';
import { N8nCompatibility, SafetyFinding, SetupEstimate, SEVERITIES } from './checks.ts';
import { pageNumber } from './paging.ts';
import { Reporter } from './ratings.ts';
import { REPORT_REASONS } from './reports.ts';

/** Answers of the admin moderation endpoints (the queue, decisions, workflow reports). */
export const ModerationDecision = z.object({
  workflow_id: z.string(),
  decision: z.enum(MODERATION_DECISIONS),
  status: z.enum(WORKFLOW_STATUSES),
});
export type ModerationDecision = z.infer<typeof ModerationDecision>;

export const QueueVersion = z.object({
  id: z.string(),
  version: z.string(),
  /** The author's "what changed" text for this version. */
  notes: z.string(),
  /** The same in the listing's other language ('' for none): reviewed with the notes. */
  notes_translation: z.string().optional(),
  created_at: z.string(),
  download_url: z.string(),
  checks: z.object({
    format: z.string().nullable(),
    size: z.number().int(),
    sha256: z.string(),
    node_summary: NodeSummary.nullable(),
    requirements: Requirements.nullable(),
    secrets: z.object({ found: z.number().int(), redacted: z.array(SecretFinding) }),
    warnings: z.array(CheckWarning),
    /** Every safety finding, with node names (empty until the version was checked). */
    safety: z.array(SafetyFinding),
    compatibility: N8nCompatibility.nullable(),
    setup: SetupEstimate.nullable(),
  }),
  /** Against the listed version; null for a workflow that was never listed. */
  diff: VersionDiff.nullable(),
  duplicates: z.array(DuplicateMatch),
});
export type QueueVersion = z.infer<typeof QueueVersion>;

export const QueueItem = z.object({
  kind: z.enum(['new', 'update']),
  submitted_at: z.string(),
  open_reports: z.number().int(),
  /** The last decision on this workflow when it was a rejection: what the author was asked to fix. */
  previous_rejection: z.object({ reason: z.string(), decided_at: z.string() }).nullable().optional(),
  /** The most serious safety finding of the waiting versions; `high` needs a note to approve. */
  highest_severity: z.enum(SEVERITIES).nullable(),
  workflow: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    /** The language title and description are written in, and the texts in the other one (null: none). */
    language: z.enum(['en', 'vi']).optional(),
    translation: ListingText.nullable().optional(),
    price: z.number().int(),
    status: z.string(),
    cover_image_url: z.string().nullable(),
    tested_with: z.string().nullable(),
    created_at: z.string(),
    category_ids: z.array(z.string()),
    subcategory_ids: z.array(z.string()),
    author: UserContact,
  }),
  versions: z.array(QueueVersion),
  platforms: PlatformCheck,
  edit: z
    .object({
      id: z.string(),
      created_at: z.string(),
      changes: z.record(z.string(), z.unknown()),
      /** The language model's `policy` finding of the texts the edit would list (decision 0166). */
      findings: z.array(SafetyFinding).optional(),
    })
    .nullable(),
});
export type QueueItem = z.infer<typeof QueueItem>;

export const ModerationQueue = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(QueueItem),
});
export type ModerationQueue = z.infer<typeof ModerationQueue>;

export const WORKFLOW_REPORT_STATUSES = ['open', 'unlisted', 'dismissed'] as const;

export const WorkflowReport = z.object({
  id: z.string(),
  workflow_id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(WORKFLOW_REPORT_STATUSES),
  created_at: z.string(),
});
export type WorkflowReport = z.infer<typeof WorkflowReport>;

export const AdminReport = WorkflowReport.extend({
  workflow_title: z.string(),
  workflow_status: z.string(),
  reporter_id: z.string().nullable(),
  /** Who reported it: only ever in administrators' answers. */
  reporter: Reporter,
  resolved_at: z.string().nullable(),
});
export type AdminReport = z.infer<typeof AdminReport>;

export const AdminReportsQuery = z.object({
  status: z.enum(WORKFLOW_REPORT_STATUSES).default('open'),
  page: pageNumber(),
});

export const ResolvedReport = z.object({
  id: z.string(),
  workflow_id: z.string(),
  status: z.enum(['unlisted', 'dismissed']),
});
export type ResolvedReport = z.infer<typeof ResolvedReport>;
