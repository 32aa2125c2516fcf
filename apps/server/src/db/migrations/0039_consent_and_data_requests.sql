-- Consent per purpose (docs/decisions/0174): an append-only history; the latest row of a user and
-- purpose is its state, and no row is no consent.
CREATE TABLE "consents" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  -- The order the answers were given in, even when two share a timestamp.
  "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "purpose" text NOT NULL CHECK ("purpose" IN ('marketing', 'workflow_update', 'new_listing')),
  "granted" boolean NOT NULL,
  "text_version" text NOT NULL,
  "language" text NOT NULL CHECK ("language" IN ('en', 'vi')),
  "source" text NOT NULL CHECK ("source" IN ('sign_up', 'settings', 'unsubscribe')),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consents_user_purpose_idx" ON "consents" ("user_id", "purpose", "seq");
--> statement-breakpoint
-- Requests of a data subject (access, correction, deletion, restriction, objection). The requester's
-- address is kept so the answer reaches them and the record outlives a deleted account.
CREATE TABLE "data_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text REFERENCES "user"("id") ON DELETE SET NULL,
  "requester_email" text NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('access', 'correction', 'deletion', 'restriction', 'objection')),
  "details" text NOT NULL DEFAULT '',
  "language" text NOT NULL CHECK ("language" IN ('en', 'vi')),
  "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'done', 'refused')),
  "due_at" timestamp with time zone NOT NULL,
  "answer" text,
  "answered_by" text,
  "answered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_requests_status_due_idx" ON "data_requests" ("status", "due_at");
--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" ("user_id", "created_at");
