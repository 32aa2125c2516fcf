import { z } from 'zod';
import { pageNumber } from './paging.ts';

/**
 * What the audit trail records (decision 0175): every administrator decision and every movement of
 * money an admin or the payment channel makes, and every time an admin reads a full sensitive value.
 */
export const AUDIT_ACTIONS = [
  'workflow.approve',
  'workflow.reject',
  'workflow.unlist',
  'review.hide',
  'order.refund',
  'payout.paid',
  'payout.failed',
  'role.grant',
  'role.revoke',
  'settings.change',
  'sensitive.view',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** What an audit row is about. */
export const AUDIT_SUBJECT_TYPES = ['workflow', 'review', 'order', 'payout', 'user', 'settings'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** Rows per page of the admin's audit list. */
export const AUDIT_PAGE_SIZE = 50;

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'A date is written YYYY-MM-DD' })
  .optional();

/** The audit list's filters (the CSV export takes the same, without the page). */
export const AuditQuery = z.object({
  action: AuditAction.optional(),
  /** An actor's id, or part of their label (the admin's e-mail at the time, `cli`, `system`, `payos`). */
  actor: z.string().trim().max(200).optional(),
  subject_type: z.enum(AUDIT_SUBJECT_TYPES).optional(),
  subject_id: z.string().trim().max(200).optional(),
  /** First and last day included, Vietnam time (UTC+7). */
  from: dateOnly,
  to: dateOnly,
  /** Words in the note or the subject's id. */
  q: z.string().trim().max(200).optional(),
  page: pageNumber(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** A value before or after: a small JSON object, never a full account number or tax ID. */
const AuditValue = z.record(z.string(), z.unknown()).nullable();

export const AuditEvent = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor_id: z.string().nullable(),
  actor_label: z.string(),
  action: AuditAction,
  subject_type: z.enum(AUDIT_SUBJECT_TYPES),
  subject_id: z.string(),
  before: AuditValue,
  after: AuditValue,
  note: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditPage = z.object({
  events: z.array(AuditEvent),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;
