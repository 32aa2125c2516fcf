-- Payments that did not simply pay a pending order (late, already owned, workflow gone), and when
-- reconciliation last asked the provider about a closed order (docs/decisions/0136-no-charge-without-an-entitlement.md).
CREATE TABLE "payment_incidents" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"order_state_before" text NOT NULL,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"refund_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_incidents_created_idx" ON "payment_incidents" USING btree ("created_at");