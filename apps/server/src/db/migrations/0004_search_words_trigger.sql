-- Keeps search_words (the vocabulary typo correction draws from) in step with the catalogue.
-- Only plain words: they are spliced into to_tsquery, so nothing with operators gets in.
CREATE OR REPLACE FUNCTION collect_search_words_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT lexeme
  FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS lexeme
  WHERE lexeme ~ '^[a-z0-9]{2,40}$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collect_search_words_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT lexeme
  FROM unnest(tsvector_to_array(NEW.search_vector)) AS lexeme
  WHERE lexeme ~ '^[a-z0-9]{2,40}$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement level for inserts (a bulk import is one pass); row level for the rare text edits,
-- so the frequent view and favourite counters never touch it.
CREATE TRIGGER workflows_search_words_insert AFTER INSERT ON workflows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words_of_rows();
--> statement-breakpoint
CREATE TRIGGER workflows_search_words_update AFTER UPDATE OF search_document, title ON workflows
  FOR EACH ROW EXECUTE FUNCTION collect_search_words_of_row();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT lexeme FROM workflows, unnest(tsvector_to_array(workflows.search_vector)) AS lexeme
WHERE lexeme ~ '^[a-z0-9]{2,40}$'
ON CONFLICT DO NOTHING;
