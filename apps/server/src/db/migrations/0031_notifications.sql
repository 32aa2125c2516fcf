-- Notifications: in-app rows (each written once per recipient and event), per-kind preferences, follows.
CREATE TABLE "notifications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "payload" jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- What it is about (`order:<id>`, `version:<id>`): one notification per recipient and fact, so a
  -- replayed event writes (and mails) nothing twice.
  "dedupe_key" text NOT NULL,
  "read_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('sale', 'workflow_update', 'new_listing'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_uq" ON "notifications" ("user_id", "dedupe_key");
--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "enabled" boolean NOT NULL,
  -- An unsubscribe link issued before this instant no longer works (each link works once).
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_preferences_pk" PRIMARY KEY ("user_id", "kind"),
  CONSTRAINT "notification_preferences_kind_check" CHECK ("kind" IN ('sale', 'workflow_update', 'new_listing'))
);
--> statement-breakpoint
CREATE TABLE "follows" (
  "follower_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "author_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "follows_pk" PRIMARY KEY ("follower_id", "author_id"),
  CONSTRAINT "follows_not_self" CHECK ("follower_id" <> "author_id")
);
--> statement-breakpoint
CREATE INDEX "follows_author_idx" ON "follows" ("author_id");
