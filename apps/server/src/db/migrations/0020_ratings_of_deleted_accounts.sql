-- Accounts deleted before deletion removed their reviews kept them public and counted (the user row is
-- a tombstone, so 0015's cascade never ran). Remove those reviews, free their reports from the
-- tombstones, and recount every workflow whose counters differ from its visible reviews.
DELETE FROM "workflow_reviews" r USING "user" u WHERE u.id = r.user_id AND u.deleted_at IS NOT NULL;
--> statement-breakpoint
UPDATE "review_reports" SET reporter_id = NULL
  WHERE reporter_id IN (SELECT id FROM "user" WHERE deleted_at IS NOT NULL);
--> statement-breakpoint
UPDATE "workflows" w SET rating_count = totals.count, rating_sum = totals.sum
  FROM (
    SELECT w2.id, count(r.id)::int AS count, coalesce(sum(r.rating), 0)::int AS sum
    FROM "workflows" w2
    LEFT JOIN "workflow_reviews" r ON r.workflow_id = w2.id AND r.hidden_at IS NULL
    GROUP BY w2.id
  ) totals
  WHERE w.id = totals.id AND (w.rating_count <> totals.count OR w.rating_sum <> totals.sum);
