/**
 * The audit trail (decision 0175): other modules record their administrator and money actions with
 * `recordAudit`, inside the action's transaction. Other modules import it only from here.
 */
export {
  adminActor,
  CLI_ACTOR,
  maskedTail,
  PAYOS_ACTOR,
  recordAudit,
  recordAuditAll,
  SYSTEM_ACTOR,
  type AuditActor,
  type AuditEntry,
  type AuditWriter,
} from './audit.recorder.ts';
