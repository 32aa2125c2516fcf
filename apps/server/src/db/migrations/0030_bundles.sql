-- Bundles: a seller's own listed workflows sold together at one price (docs/decisions, bundles).
CREATE TABLE "bundles" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "seller_id" text NOT NULL REFERENCES "user"("id") ON DELETE restrict,
  "slug" text NOT NULL,
  "title" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "price" bigint NOT NULL,
  "status" text DEFAULT 'listed' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "bundles_status_ck" CHECK ("status" in ('listed', 'unlisted')),
  CONSTRAINT "bundles_price_ck" CHECK ("price" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "bundles_slug_uq" ON "bundles" ("slug");--> statement-breakpoint
CREATE INDEX "bundles_seller_idx" ON "bundles" ("seller_id", "created_at");--> statement-breakpoint
CREATE TABLE "bundle_items" (
  "bundle_id" uuid NOT NULL REFERENCES "bundles"("id") ON DELETE cascade,
  "workflow_id" uuid NOT NULL REFERENCES "workflows"("id") ON DELETE restrict,
  "position" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("bundle_id", "workflow_id")
);--> statement-breakpoint
CREATE INDEX "bundle_items_workflow_idx" ON "bundle_items" ("workflow_id");--> statement-breakpoint
-- A bundle order: what it bought (the bundle) and, per workflow it grants, the list price it was
-- priced against when placed, so a later edit of the bundle or of a price changes nothing it bought.
ALTER TABLE "orders" ADD COLUMN "bundle_id" uuid REFERENCES "bundles"("id") ON DELETE restrict;--> statement-breakpoint
CREATE TABLE "bundle_order_items" (
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
  "workflow_id" uuid NOT NULL REFERENCES "workflows"("id") ON DELETE restrict,
  "list_price" bigint NOT NULL,
  "amount" bigint NOT NULL,
  PRIMARY KEY ("order_id", "workflow_id")
);--> statement-breakpoint
-- One open checkout per buyer and workflow, and per buyer and bundle (a bundle order's workflow is
-- one of its items, so it must not block that workflow's own checkout).
DROP INDEX "orders_pending_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pending_uq" ON "orders" ("buyer_id", "workflow_id") WHERE state = 'pending' and bundle_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pending_bundle_uq" ON "orders" ("buyer_id", "bundle_id") WHERE state = 'pending' and bundle_id is not null;
