-- A listing is found by its translation too (docs/decisions/0173): the translated title is searched
-- and ranked like the title (weight A), the translated description like the rest of the document
-- (weight B). Both come from the `translation` column itself, so whatever writes it keeps search right.
ALTER TABLE "workflows" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', f_unaccent(lower(title || E'\n' || coalesce(translation->>'title', '')))), 'A') || setweight(to_tsvector('simple', f_unaccent(lower(search_document || E'\n' || coalesce(translation->>'description', '')))), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "workflows_search_vector_idx" ON "workflows" USING gin ("search_vector");
--> statement-breakpoint
-- The typo vocabulary learns the translation's words when only the translation changes.
DROP TRIGGER IF EXISTS workflows_search_words_update ON workflows;
--> statement-breakpoint
CREATE TRIGGER workflows_search_words_update AFTER UPDATE OF search_document, title, translation ON workflows
  FOR EACH ROW EXECUTE FUNCTION collect_search_words_of_row();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT lexeme FROM workflows, unnest(tsvector_to_array(workflows.search_vector)) AS lexeme
WHERE lexeme ~ '^[a-z0-9]{2,40}$'
ON CONFLICT DO NOTHING;
