DROP INDEX "workflows_listed_created_idx";--> statement-breakpoint
DROP INDEX "workflows_listed_views_idx";--> statement-breakpoint
DROP INDEX "workflows_listed_price_idx";--> statement-breakpoint
CREATE INDEX "workflows_listed_created_idx" ON "workflows" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'listed' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "workflows_listed_views_idx" ON "workflows" USING btree ("views" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'listed' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "workflows_listed_price_idx" ON "workflows" USING btree ("price","id") WHERE status = 'listed' and deleted_at is null;