-- A catalogue card shows its author's name and picture, which live in "user". Renaming an author or
-- changing their picture re-stamps their workflows, so every process's search index and card cache
-- see the change on their next poll (docs/decisions/0007-search-index.md) instead of waiting out a TTL.
CREATE OR REPLACE FUNCTION stamp_author_workflows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE workflows SET search_changed_at = clock_timestamp() WHERE user_id = NEW.id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_card_fields_changed
  AFTER UPDATE OF name, image ON "user"
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.image IS DISTINCT FROM NEW.image)
  EXECUTE FUNCTION stamp_author_workflows();
