import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

export type AuditRow = typeof auditEvents.$inferSelect;
export type AuditFilters = Omit<AuditQuery, 'page'>;

const DAY = 24 * 60 * 60 * 1000;
/** The start of a calendar day in Vietnam (UTC+7 all year). */
const vnDayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);
const contains = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

function where(filters: AuditFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.action) parts.push(eq(auditEvents.action, filters.action));
  if (filters.actor)
    parts.push(
      or(eq(auditEvents.actorId, filters.actor), ilike(auditEvents.actorLabel, contains(filters.actor))),
    );
  if (filters.subject_type) parts.push(eq(auditEvents.subjectType, filters.subject_type));
  if (filters.subject_id) parts.push(eq(auditEvents.subjectId, filters.subject_id));
  if (filters.from) parts.push(gte(auditEvents.occurredAt, vnDayStart(filters.from)));
  if (filters.to) parts.push(lt(auditEvents.occurredAt, new Date(vnDayStart(filters.to).getTime() + DAY)));
  if (filters.q)
    parts.push(
      or(ilike(auditEvents.note, contains(filters.q)), ilike(auditEvents.subjectId, contains(filters.q))),
    );
  return parts.length > 0 ? and(...parts) : undefined;
}

/** Reads the trail; it never writes (recordAudit does, in the action's transaction). */
export function createAuditRepository(db: Database) {
  return {
    async page(filters: AuditFilters, page: number, size: number) {
      const condition = where(filters);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditEvents)
          .where(condition)
          .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
          .limit(size)
          .offset(page * size),
        db.select({ value: count() }).from(auditEvents).where(condition),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** Every row the filters match, newest first, up to `limit` (the CSV export). */
    all(filters: AuditFilters, limit: number) {
      return db
        .select()
        .from(auditEvents)
        .where(where(filters))
        .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
        .limit(limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
