CREATE INDEX "workflow_edits_pending_idx" ON "workflow_edits" USING btree ("workflow_id") WHERE review_status = 'pending';--> statement-breakpoint
CREATE INDEX "workflow_versions_sha256_idx" ON "workflow_versions" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "workflow_versions_similarity_idx" ON "workflow_versions" USING gin (("summary"->'similarityKeys')) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "workflow_versions_pending_idx" ON "workflow_versions" USING btree ("workflow_id") WHERE review_status = 'pending';--> statement-breakpoint
CREATE INDEX "workflows_pending_idx" ON "workflows" USING btree ("id") WHERE status = 'pending';