-- The optional policy check by a language model (decision 0166): its verdict on a version's listing
-- texts, one row per version, replaced when the texts it read change.
CREATE TABLE "policy_checks" (
	"version_id" uuid PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"status" text NOT NULL,
	"severity" text,
	"reason" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_checks_status_ck" CHECK (status in ('ok', 'flag', 'not_checked')),
	CONSTRAINT "policy_checks_severity_ck" CHECK ((status = 'flag' and severity in ('low', 'medium', 'high')) or (status <> 'flag' and severity is null))
);
--> statement-breakpoint
ALTER TABLE "policy_checks" ADD CONSTRAINT "policy_checks_version_id_workflow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."workflow_versions"("id") ON DELETE cascade ON UPDATE no action;
