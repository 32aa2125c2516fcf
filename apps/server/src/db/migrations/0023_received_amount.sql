-- A payment reported for another amount than its order's (a short or over bank transfer) is held as
-- a payment incident; what was actually received is kept so the admin refunds exactly that.
ALTER TABLE "payment_incidents" ADD COLUMN "received_amount" bigint;
