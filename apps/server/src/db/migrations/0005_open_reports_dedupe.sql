-- Before one open report per reporter and workflow is enforced (next migration), keep only the
-- oldest of the duplicates that concurrent requests created: they are the same report.
DELETE FROM "reports" AS "duplicate"
USING "reports" AS "kept"
WHERE "duplicate"."status" = 'open'
  AND "kept"."status" = 'open'
  AND "duplicate"."workflow_id" = "kept"."workflow_id"
  AND "duplicate"."reporter_id" = "kept"."reporter_id"
  AND ("kept"."created_at", "kept"."id") < ("duplicate"."created_at", "duplicate"."id");
