-- The seller's answer to a refund request (decision 0158): accepted, or contested with a reason,
-- within 48 hours of the request, once.
ALTER TABLE "refund_requests" ADD COLUMN "seller_answer" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "seller_reason" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "seller_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_seller_answer_ck" CHECK (
  (seller_answer IS NULL AND seller_reason IS NULL AND seller_answered_at IS NULL)
  OR (seller_answer = 'accepted' AND seller_answered_at IS NOT NULL)
  OR (seller_answer = 'contested' AND seller_reason IS NOT NULL AND seller_answered_at IS NOT NULL)
);--> statement-breakpoint
-- Every time a signed-in user takes a workflow's file, with the time and the way (download, send to
-- n8n or Make, n8n's template import, the MCP endpoint): what a refund decision weighs.
-- workflow_downloads keeps counting once per visitor and day for the public figure.
CREATE TABLE "download_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_events_kind_ck" CHECK (kind IN ('file', 'send_to_n8n', 'send_to_make', 'n8n_import', 'mcp'))
);
--> statement-breakpoint
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_events_user_workflow_idx" ON "download_events" USING btree ("user_id","workflow_id","created_at");
