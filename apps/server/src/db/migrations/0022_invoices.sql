-- VAT invoices for business buyers (decision 0151): one request per order, kept by the invoices
-- module. The order is never deleted while its request exists (restrict, as refund requests do).
CREATE TABLE "invoice_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"tax_code" text NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"invoice_number" text,
	"lookup_code" text,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"issued_by" text,
	"issued_at" timestamp with time zone,
	"adjustment_due_at" timestamp with time zone,
	"adjusted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_requests_state_idx" ON "invoice_requests" USING btree ("state","created_at");
