-- Licence tiers (Personal, Commercial, Agency) and sellers' discount codes (docs/decisions, licences).
-- `workflows.price` keeps its meaning: the Personal tier's price. The other tiers are optional.
ALTER TABLE "workflows" ADD COLUMN "commercial_price" bigint;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "agency_price" bigint;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "agency_clients" integer;--> statement-breakpoint
CREATE TABLE "discount_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "seller_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
  "code" text NOT NULL,
  "kind" text NOT NULL,
  "value" bigint NOT NULL,
  "workflow_ids" uuid[],
  "max_uses" integer NOT NULL,
  "uses" integer DEFAULT 0 NOT NULL,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "deactivated_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "discount_codes_kind_ck" CHECK ("kind" in ('percent', 'fixed')),
  CONSTRAINT "discount_codes_value_ck" CHECK ("value" > 0 and ("kind" <> 'percent' or "value" <= 100)),
  CONSTRAINT "discount_codes_uses_ck" CHECK ("uses" >= 0 and "uses" <= "max_uses"),
  CONSTRAINT "discount_codes_window_ck" CHECK ("starts_at" < "ends_at")
);--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_seller_code_uq" ON "discount_codes" ("seller_id", "code");--> statement-breakpoint
-- What an order bought and at what price: the tier, the tier's list price, the code and its discount
-- (amount = list price − discount, or for an upgrade the difference between the tiers − discount).
ALTER TABLE "orders" ADD COLUMN "licence" text DEFAULT 'personal' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upgrade_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_price" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" uuid REFERENCES "discount_codes"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Whether the order still holds one use of its code (taken when placed, given back when it closes unpaid).
ALTER TABLE "orders" ADD COLUMN "discount_use_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "licence" text DEFAULT 'personal' NOT NULL;
