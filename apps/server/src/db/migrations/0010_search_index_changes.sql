ALTER TABLE "workflows" ADD COLUMN "search_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "workflows_search_changed_idx" ON "workflows" USING btree ("search_changed_at");--> statement-breakpoint
-- Every change of a workflow row is stamped, so each process's search index can read the rows changed
-- since its last poll (docs/decisions/0007-search-index.md). clock_timestamp(), not now(): a long
-- transaction's rows get the time of the statement, nearer to when they commit.
CREATE OR REPLACE FUNCTION stamp_workflow_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_changed_at := clock_timestamp();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflows_search_changed
  BEFORE INSERT OR UPDATE ON workflows
  FOR EACH ROW EXECUTE FUNCTION stamp_workflow_search_change();
