CREATE TABLE "seller_tax_profiles" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"legal_name" text NOT NULL,
	"tax_id_type" text NOT NULL,
	"tax_id_sealed" text NOT NULL,
	"tax_id_masked" text NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "tax_kind" text DEFAULT 'individual' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "vat_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "pit_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "vat" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "pit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_tax_profiles" ADD CONSTRAINT "seller_tax_profiles_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tax withheld from a sale and its return on refund belong to the sale's order, like its fee.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_ck;
--> statement-breakpoint
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_ck CHECK (
  (kind IN ('sale_credit', 'platform_fee', 'refund_reversal', 'vat_withheld', 'pit_withheld', 'vat_reversal', 'pit_reversal')
    AND order_id IS NOT NULL AND payout_id IS NULL)
  OR (kind IN ('payout', 'payout_reversal') AND payout_id IS NOT NULL AND order_id IS NULL)
);
--> statement-breakpoint
-- fee + VAT + PIT + what the seller is paid = price: the tax comes out of the share, never beyond it.
ALTER TABLE sales ADD CONSTRAINT sales_tax_ck CHECK (
  vat >= 0 AND pit >= 0 AND vat + pit <= seller_share AND tax_kind IN ('individual', 'household', 'company')
);
--> statement-breakpoint
ALTER TABLE seller_tax_profiles ADD CONSTRAINT seller_tax_profiles_kind_ck CHECK (
  kind IN ('individual', 'household', 'company') AND tax_id_type IN ('tax_code', 'national_id')
);
