CREATE TABLE "rejected_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_sample" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rejected_callbacks_bucket_idx" ON "rejected_callbacks" USING btree ("provider","kind","address","hour");--> statement-breakpoint
CREATE INDEX "rejected_callbacks_hour_idx" ON "rejected_callbacks" USING btree ("hour");