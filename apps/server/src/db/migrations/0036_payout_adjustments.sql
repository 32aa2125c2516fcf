-- A payout approved after a sale in it was refunded pays what is left: the amount is cut, the amount
-- first requested is kept for the seller's and the admin's warning, and the ledger gets one
-- 'payout_adjustment' entry that gives the cut back (the payout entry itself is never changed).
ALTER TABLE "payouts" ADD COLUMN "requested_amount" bigint;
--> statement-breakpoint
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_ck;
--> statement-breakpoint
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_ck CHECK (
  (kind IN ('sale_credit', 'platform_fee', 'refund_reversal', 'vat_withheld', 'pit_withheld', 'vat_reversal', 'pit_reversal')
    AND order_id IS NOT NULL AND payout_id IS NULL)
  OR (kind IN ('payout', 'payout_reversal', 'payout_adjustment') AND payout_id IS NOT NULL AND order_id IS NULL)
);
