-- Honest download counts (decision 0167). Until now the detail page's preview loaded the file through
-- the download route, so merely opening a free workflow (and, for its buyers, a paid one) counted as
-- a download and made a signed-in visitor eligible to review it. The preview now asks with
-- ?preview=1 and is never counted; this migration corrects the counts kept so far where the rows
-- tell a preview from a real take.
--
-- 1. A copy of the preview's JSON is a way of taking the file.
ALTER TABLE "download_events" DROP CONSTRAINT "download_events_kind_ck";--> statement-breakpoint
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_kind_ck" CHECK (kind IN ('file', 'copy', 'send_to_n8n', 'send_to_make', 'n8n_import', 'mcp'));--> statement-breakpoint
-- 2. A signed-in visitor's day that holds exactly one 'file' event and no other way of taking the
-- file is what one visit of the page with its preview left behind: not counted any more (and no
-- longer a reason to review). A day with a send, an MCP fetch or an import, or with two 'file'
-- events or more (a download besides the preview, or the preview on two visits), is kept.
WITH "removed" AS (
  DELETE FROM "workflow_downloads" "d"
  WHERE "d"."visitor" LIKE 'u:%'
    AND (
      SELECT count(*) FROM "download_events" "e"
      WHERE "e"."workflow_id" = "d"."workflow_id" AND "e"."user_id" = substr("d"."visitor", 3)
        AND "e"."created_at"::date = "d"."day" AND "e"."kind" = 'file'
    ) = 1
    AND NOT EXISTS (
      SELECT 1 FROM "download_events" "e"
      WHERE "e"."workflow_id" = "d"."workflow_id" AND "e"."user_id" = substr("d"."visitor", 3)
        AND "e"."created_at"::date = "d"."day" AND "e"."kind" <> 'file'
    )
  RETURNING "d"."workflow_id"
)
UPDATE "workflows" "w" SET "downloads" = greatest(0, "w"."downloads" - "r"."n")
FROM (SELECT "workflow_id", count(*)::int AS "n" FROM "removed" GROUP BY "workflow_id") "r"
WHERE "w"."id" = "r"."workflow_id";--> statement-breakpoint
-- 3. n8n's template import with a library key took the file but was never counted: counted now,
-- once per user and day like every other take.
WITH "imports" AS (
  SELECT DISTINCT ON ("e"."workflow_id", "e"."user_id", "e"."created_at"::date)
    "e"."workflow_id", 'u:' || "e"."user_id" AS "visitor", "e"."created_at"::date AS "day", "e"."version"
  FROM "download_events" "e"
  WHERE "e"."kind" = 'n8n_import'
  ORDER BY "e"."workflow_id", "e"."user_id", "e"."created_at"::date, "e"."created_at" DESC
), "added" AS (
  INSERT INTO "workflow_downloads" ("workflow_id", "visitor", "day", "version")
  SELECT "workflow_id", "visitor", "day", "version" FROM "imports"
  ON CONFLICT DO NOTHING
  RETURNING "workflow_id"
)
UPDATE "workflows" "w" SET "downloads" = "w"."downloads" + "a"."n"
FROM (SELECT "workflow_id", count(*)::int AS "n" FROM "added" GROUP BY "workflow_id") "a"
WHERE "w"."id" = "a"."workflow_id";
