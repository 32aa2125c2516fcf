CREATE TABLE "make_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"zone" text NOT NULL,
	"team_id" integer NOT NULL,
	"token_sealed" text NOT NULL,
	"token_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "zapier_share_url" text;--> statement-breakpoint
ALTER TABLE "make_connections" ADD CONSTRAINT "make_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "make_connections_user_idx" ON "make_connections" USING btree ("user_id","created_at");