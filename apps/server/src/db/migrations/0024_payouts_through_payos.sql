-- Payouts through payOS's payout channel and bank account numbers sealed at rest (decision 0154).
-- SQL cannot seal (the key comes from the server's secret): the clear `account_number` column becomes
-- nullable and the sales module seals every row that still has it when the server starts, then empties it.
DROP INDEX "payouts_one_requested_uq";--> statement-breakpoint
ALTER TABLE "payout_accounts" ALTER COLUMN "account_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "account_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "account_number_sealed" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "account_number_masked" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "account_number_sealed" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "account_number_masked" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "payos_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_in_progress_uq" ON "payouts" USING btree ("seller_id") WHERE state in ('requested', 'sending');
