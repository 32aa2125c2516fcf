-- The audit trail (docs/decisions/0175): who did which administrator or money action, when, and
-- what it changed. No foreign key: a row outlives the account of its actor or subject, and no cascade
-- ever rewrites it.
CREATE TABLE "audit_events" (
  "id" bigserial PRIMARY KEY,
  "occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_id" text,
  "actor_label" text NOT NULL,
  "action" text NOT NULL,
  "subject_type" text NOT NULL,
  "subject_id" text NOT NULL,
  "before" jsonb,
  "after" jsonb,
  "note" text,
  "request_id" text,
  "ip" text
);
--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" ("occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" ("action", "occurred_at" DESC);
--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" ("subject_type", "subject_id");
--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" ("actor_id");
--> statement-breakpoint
-- Written once: an UPDATE, a DELETE or a TRUNCATE is refused, whoever runs it.
CREATE OR REPLACE FUNCTION refuse_audit_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_event_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_event_change();
