-- The payment event log is evidence: what each provider told us, kept as received.
CREATE OR REPLACE FUNCTION refuse_payment_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment_events is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_events_append_only
  BEFORE UPDATE OR DELETE ON payment_events
  FOR EACH ROW EXECUTE FUNCTION refuse_payment_event_change();
