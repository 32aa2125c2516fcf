import { AUDIT_PAGE_SIZE, type AuditEvent, type AuditPage, type AuditQuery } from '@flowbay/domain';
import type { Viewer } from '../../infra/request-viewer.ts';
import { requireAdmin } from '../../lib/guards.ts';
import { toCsv } from '../../lib/csv.ts';
import type { AuditRepository, AuditRow } from './audit.repository.ts';

/** The most rows one CSV export holds (narrow the dates for more). */
export const AUDIT_CSV_LIMIT = 50_000;

function toEvent(row: AuditRow): AuditEvent {
  return {
    id: String(row.id),
    occurred_at: row.occurredAt.toISOString(),
    actor_id: row.actorId,
    actor_label: row.actorLabel,
    action: row.action,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    before: row.before ?? null,
    after: row.after ?? null,
    note: row.note,
  };
}

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');

/** The admins' read of the audit trail: a filtered page, or the same filters as CSV. */
export function createAuditService(repository: AuditRepository) {
  return {
    async list(viewer: Viewer, query: AuditQuery): Promise<AuditPage> {
      requireAdmin(viewer);
      const { page, ...filters } = query;
      const { rows, total } = await repository.page(filters, page, AUDIT_PAGE_SIZE);
      return { events: rows.map(toEvent), total, page, page_size: AUDIT_PAGE_SIZE };
    },

    async csv(viewer: Viewer, query: AuditQuery): Promise<string> {
      requireAdmin(viewer);
      const { page: _page, ...filters } = query;
      const rows = await repository.all(filters, AUDIT_CSV_LIMIT);
      return toCsv(
        [
          'occurred_at',
          'actor_id',
          'actor',
          'action',
          'subject_type',
          'subject_id',
          'before',
          'after',
          'note',
        ],
        rows.map((row) => [
          row.occurredAt.toISOString(),
          row.actorId ?? '',
          row.actorLabel,
          row.action,
          row.subjectType,
          row.subjectId,
          json(row.before),
          json(row.after),
          row.note ?? '',
        ]),
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
