-- Sellers' money is history: sales and ledger entries are written once and never changed.
CREATE OR REPLACE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER sales_append_only
  BEFORE UPDATE OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
-- Each entry belongs to exactly what its kind says: an order (sales, fees, refunds) or a payout.
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_ck CHECK (
  (kind IN ('sale_credit', 'platform_fee', 'refund_reversal') AND order_id IS NOT NULL AND payout_id IS NULL)
  OR (kind IN ('payout', 'payout_reversal') AND payout_id IS NOT NULL AND order_id IS NULL)
);
--> statement-breakpoint
ALTER TABLE sales ADD CONSTRAINT sales_split_ck CHECK (fee >= 0 AND seller_share >= 0 AND fee + seller_share = price);
--> statement-breakpoint
ALTER TABLE payouts ADD CONSTRAINT payouts_amount_ck CHECK (amount > 0);
