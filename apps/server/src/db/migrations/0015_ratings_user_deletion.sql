-- A review can also disappear without the ratings repository: deleting an account cascades to its
-- reviews. Each deleted visible review is taken out of its workflow's counters here, as a delta on
-- the workflow's row (row-locked, so it composes with the repository's recount; see decision 0070).
CREATE OR REPLACE FUNCTION workflow_reviews_uncount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.hidden_at IS NULL THEN
    UPDATE workflows
      SET rating_count = greatest(rating_count - 1, 0), rating_sum = greatest(rating_sum - OLD.rating, 0)
      WHERE id = OLD.workflow_id;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_reviews_uncount_on_delete
  AFTER DELETE ON workflow_reviews
  FOR EACH ROW EXECUTE FUNCTION workflow_reviews_uncount();
