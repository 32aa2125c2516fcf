-- Bilingual listings (docs/decisions/0173): each listing's original language and an optional
-- translation of its title, description and FAQ into the other one; version notes get theirs too
-- (screenshot captions keep theirs inside the screenshots' JSON). Existing listings get the language
-- their text is written in: Vietnamese when at least one word in twelve carries a Vietnamese letter,
-- the rule the server applies when an author does not say (detectListingLanguage).
ALTER TABLE "workflows" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_language_ck" CHECK ("language" IN ('en', 'vi'));
--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "translation" jsonb;
--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD COLUMN "notes_translation" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "workflows" w SET "language" = 'vi'
FROM (
  SELECT id,
    count(*) FILTER (WHERE word ~* '[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]') AS marked,
    count(*) AS total
  FROM "workflows", regexp_split_to_table("title" || ' ' || "description", '\s+') AS word
  WHERE word ~ '[[:alpha:]]'
  GROUP BY id
) counted
WHERE counted.id = w.id AND counted.marked * 12 >= counted.total AND counted.marked > 0;
