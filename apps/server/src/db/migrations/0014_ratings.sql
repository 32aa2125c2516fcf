CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" text,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_downloads" (
	"workflow_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	"version" text,
	CONSTRAINT "workflow_downloads_workflow_id_visitor_day_pk" PRIMARY KEY("workflow_id","visitor","day")
);
--> statement-breakpoint
CREATE TABLE "workflow_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"version" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_reviews_rating_range" CHECK (rating between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "downloads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "rating_score" double precision GENERATED ALWAYS AS (case when rating_count = 0 then null else (rating_sum + 17.5) / (rating_count + 5.0) end) STORED;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_workflow_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."workflow_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_downloads" ADD CONSTRAINT "workflow_downloads_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_reviews" ADD CONSTRAINT "workflow_reviews_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_reviews" ADD CONSTRAINT "workflow_reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_reviews" ADD CONSTRAINT "workflow_reviews_hidden_by_user_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reports_status_idx" ON "review_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_open_reporter_uq" ON "review_reports" USING btree ("review_id","reporter_id") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_reviews_user_uq" ON "workflow_reviews" USING btree ("workflow_id","user_id");--> statement-breakpoint
CREATE INDEX "workflow_reviews_workflow_idx" ON "workflow_reviews" USING btree ("workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_reviews_user_idx" ON "workflow_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workflows_listed_rating_idx" ON "workflows" USING btree ("rating_score" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE status = 'listed' and deleted_at is null;