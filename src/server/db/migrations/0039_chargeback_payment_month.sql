-- A case's payment, read in its own month (issue 27, partitions). The queue joins each case to its payment for the
-- payment's data (provider, shopper address) and checks its refunds; by id alone that probes every month of the
-- partitioned `transactions` (migration 0038). The case now carries its payment's creation time: the join names it,
-- so each page row reads one month, and the refund check reads the months since the payment only. A trigger copies it
-- from `transaction_keys` on every insert and on a change of payment, so no writer (the seed, a future acquirer
-- notification, a test) can give a wrong one; the foreign key guarantees the registry row exists.
ALTER TABLE "chargebacks" ADD COLUMN "payment_created_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "chargebacks" c SET "payment_created_at" = k."created_at"
  FROM "transaction_keys" k WHERE k."id" = c."payment_transaction_id";
--> statement-breakpoint
ALTER TABLE "chargebacks" ALTER COLUMN "payment_created_at" SET NOT NULL;
--> statement-breakpoint
CREATE FUNCTION chargebacks_payment_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.payment_created_at := (SELECT created_at FROM transaction_keys WHERE id = NEW.payment_transaction_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER chargebacks_payment_created_at BEFORE INSERT OR UPDATE OF payment_transaction_id ON chargebacks
  FOR EACH ROW EXECUTE FUNCTION chargebacks_payment_created_at();
