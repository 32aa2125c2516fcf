import type { AuditAction, AuditSubjectType } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import type { SignedInViewer } from '../../infra/request-viewer.ts';

/** Who did it: an admin (their id and their e-mail at the time), or a named process without an account. */
export interface AuditActor {
  id: string | null;
  label: string;
}

/** The signed-in admin behind a request. */
export const adminActor = (viewer: Pick<SignedInViewer, 'id' | 'email'>): AuditActor => ({
  id: viewer.id,
  label: viewer.email,
});

/** The admin command line (`npm run admin`), run by whoever has the server's shell. */
export const CLI_ACTOR: AuditActor = { id: null, label: 'cli' };
/** payOS's payout channel deciding a payout it was sending. */
export const PAYOS_ACTOR: AuditActor = { id: null, label: 'payos' };
/** The server itself (a sign-in that makes an ADMIN_EMAILS address an admin, a setting read at start). */
export const SYSTEM_ACTOR: AuditActor = { id: null, label: 'system' };

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string | null;
  requestId?: string | null;
  ip?: string | null;
}

/** Anything that inserts: the database, or the transaction of the action being recorded. */
export type AuditWriter = Pick<Database, 'insert'>;

/**
 * Writes one audit row with `db`: pass the action's own transaction, so the row and the action
 * commit together or not at all.
 */
export async function recordAudit(db: AuditWriter, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
    requestId: entry.requestId ?? null,
    ip: entry.ip ?? null,
  });
}

/** The last four characters of an account number or tax ID, the rest as dots: what the trail may hold. */
export function maskedTail(value: string): string {
  const clean = value.replace(/\s+/g, '');
  return clean.length <= 4 ? '••••' : `••••${clean.slice(-4)}`;
}

/** Writes several rows at once, all or none (an admin's read that showed several sensitive values). */
export async function recordAuditAll(
  db: Pick<Database, 'transaction'>,
  entries: AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction(async (tx) => {
    for (const entry of entries) await recordAudit(tx, entry);
  });
}
