-- Monthly partitions of transactions and their history (issue 27, "Partitions"). A busy merchant group writes
-- millions of payments a month: one table means every index grows without end, and removing an old year is a
-- multi-hour DELETE. Partitioned by month of creation, a list or export with a date range reads only its months, a
-- look-up that knows the month reads one, and an old month leaves in milliseconds (DETACH ... CONCURRENTLY, then kept
-- in the `archive` schema).
--
-- * `transaction_keys` (id, account, month, refund idempotency key): a partitioned table's primary key and unique
--   indexes must contain the partition key, so ids and idempotency keys would no longer be unique across months, and a
--   look-up by id alone would probe every month. The registry keeps both unique, tells which month holds an id, and
--   is what every other table's foreign key references, so a month can be detached while chargebacks and renewals
--   still name its payments. Triggers on `transactions` fill it, keep it in step and empty it.
-- * The history is partitioned by its transaction's `created_at` (a new column), so a transaction and its events are
--   in the same month and leave together.
-- * Partitions are made by pg_partman where the server has it (Debian's postgresql-15-partman: `partman.create_parent`,
--   then `run_maintenance` from the maintenance job, 4 months ahead), with no DEFAULT partition: with one, DETACH
--   CONCURRENTLY is refused and the newest-first list becomes a merge over all months. Without pg_partman (PGlite, or a
--   server without the extension) `transaction_partitions_ensure()` below makes the same partitions, and a DEFAULT
--   partition catches rows past them (ensure moves them into their month when it makes it).
-- * Rows older than the first month (12 months back, or the oldest transaction) go to `..._p1970_01`, FROM (MINVALUE):
--   pg_partman reads a partition's start from its name.
-- * The parent/recurrence-parent foreign keys are DEFERRABLE INITIALLY DEFERRED: the registry rows a statement adds are
--   written by an AFTER STATEMENT trigger, after that statement's own row checks would run.
-- Copying the rows takes minutes on millions of transactions; nothing else runs during migrations.

CREATE TABLE "transaction_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
INSERT INTO "transaction_keys" ("id", "account_id", "created_at", "idempotency_key")
  SELECT "id", "account_id", "created_at", "idempotency_key" FROM "transactions";
--> statement-breakpoint
ALTER TABLE "transaction_keys" ADD CONSTRAINT "transaction_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_keys_idempotency_key_key" ON "transaction_keys" USING btree ("idempotency_key") WHERE "transaction_keys"."idempotency_key" is not null;
--> statement-breakpoint
ALTER TABLE "chargebacks" DROP CONSTRAINT "chargebacks_payment_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "chargebacks" DROP CONSTRAINT "chargebacks_dispute_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "subscription_attempts" DROP CONSTRAINT "subscription_attempts_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_initial_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "transaction_alerts" DROP CONSTRAINT "transaction_alerts_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_payment_transaction_id_transaction_keys_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."transaction_keys"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_dispute_transaction_id_transaction_keys_id_fk" FOREIGN KEY ("dispute_transaction_id") REFERENCES "public"."transaction_keys"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscription_attempts" ADD CONSTRAINT "subscription_attempts_transaction_id_transaction_keys_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transaction_keys"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_initial_transaction_id_transaction_keys_id_fk" FOREIGN KEY ("initial_transaction_id") REFERENCES "public"."transaction_keys"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transaction_alerts" ADD CONSTRAINT "transaction_alerts_transaction_id_transaction_keys_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transaction_keys"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The old tables step aside with their indexes dropped (index names are unique in a schema) and their rows kept.
DROP INDEX "transactions_account_amount_idx";
--> statement-breakpoint
DROP INDEX "transactions_account_created_idx";
--> statement-breakpoint
DROP INDEX "transactions_account_status_created_idx";
--> statement-breakpoint
DROP INDEX "transactions_account_type_created_idx";
--> statement-breakpoint
DROP INDEX "transactions_account_url_idx";
--> statement-breakpoint
DROP INDEX "transactions_backtest_idx";
--> statement-breakpoint
DROP INDEX "transactions_backtest_long_url_idx";
--> statement-breakpoint
DROP INDEX "transactions_merchant_created_idx";
--> statement-breakpoint
DROP INDEX "transactions_mid_created_idx";
--> statement-breakpoint
DROP INDEX "transactions_parent_idx";
--> statement-breakpoint
DROP INDEX "transactions_provider_transaction_idx";
--> statement-breakpoint
DROP INDEX "transactions_reference_order_idx";
--> statement-breakpoint
DROP INDEX "transactions_route_idx";
--> statement-breakpoint
DROP INDEX "transactions_shopper_email_idx";
--> statement-breakpoint
DROP INDEX "transactions_solution_idx";
--> statement-breakpoint
DROP INDEX "transactions_idempotency_key_key";
--> statement-breakpoint
DROP INDEX "transaction_history_root_idx";
--> statement-breakpoint
-- The dashboard rollup's projection takes a row of the table (migration 0020); it is made again below, unchanged.
DROP FUNCTION dashboard_rollup_rows(transactions);
--> statement-breakpoint
ALTER TABLE "transactions" RENAME TO "transactions_unpartitioned";
--> statement-breakpoint
ALTER TABLE "transactions_unpartitioned" RENAME CONSTRAINT "transactions_pkey" TO "transactions_unpartitioned_pkey";
--> statement-breakpoint
ALTER TABLE "transaction_history" RENAME TO "transaction_history_unpartitioned";
--> statement-breakpoint
ALTER TABLE "transaction_history_unpartitioned" RENAME CONSTRAINT "transaction_history_pkey" TO "transaction_history_unpartitioned_pkey";
--> statement-breakpoint
-- The history's id sequence outlives its old table.
ALTER SEQUENCE "transaction_history_id_seq" OWNED BY NONE;
--> statement-breakpoint
CREATE TABLE "transactions" (LIKE "transactions_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
  PARTITION BY RANGE ("created_at");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_pkey" PRIMARY KEY ("id", "created_at");
--> statement-breakpoint
CREATE TABLE "transaction_history" (
  LIKE "transaction_history_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
  "transaction_created_at" timestamp with time zone NOT NULL
) PARTITION BY RANGE ("transaction_created_at");
--> statement-breakpoint
ALTER TABLE "transaction_history" ADD CONSTRAINT "transaction_history_pkey" PRIMARY KEY ("id", "transaction_created_at");
--> statement-breakpoint
ALTER SEQUENCE "transaction_history_id_seq" OWNED BY "transaction_history"."id";
--> statement-breakpoint
-- Without pg_partman: makes the monthly partitions of both tables from p_from's month to p_ahead months past now, and
-- moves rows the DEFAULT partition caught into the month it makes for them. The maintenance job calls it.
CREATE FUNCTION transaction_partitions_ensure(p_from timestamptz, p_ahead integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  parent text;
  partition_key text;
  month timestamptz;
  last_month timestamptz := date_trunc('month', now()) + make_interval(months => p_ahead);
  part text;
  made integer := 0;
BEGIN
  -- Several processes may run it at once: one at a time, and the second finds the months made.
  PERFORM pg_advisory_xact_lock(hashtext('transaction_partitions_ensure'));
  FOREACH parent IN ARRAY ARRAY['transactions', 'transaction_history'] LOOP
    partition_key := CASE parent WHEN 'transactions' THEN 'created_at' ELSE 'transaction_created_at' END;
    month := date_trunc('month', p_from);
    WHILE month <= last_month LOOP
      part := parent || to_char(month, '"_p"YYYY"_"MM');
      IF to_regclass(part) IS NULL THEN
        EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, parent);
        IF to_regclass(parent || '_default') IS NOT NULL THEN
          EXECUTE format(
            'WITH moved AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
            parent || '_default', partition_key, month, partition_key, month + interval '1 month', part);
        END IF;
        EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
          parent, part, month, month + interval '1 month');
        made := made + 1;
      END IF;
      month := month + interval '1 month';
    END LOOP;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  first_month timestamptz := date_trunc('month', least(
    (SELECT min("created_at") FROM "transactions_unpartitioned"), now() - interval '12 months'));
  partman_schema text;
  parent text;
BEGIN
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_partman') THEN
      CREATE SCHEMA IF NOT EXISTS partman;
      CREATE EXTENSION IF NOT EXISTS pg_partman SCHEMA partman;
    END IF;
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'pg_partman is installed but this role may not create it: partitions are made without it';
  END;
  SELECT extnamespace::regnamespace::text INTO partman_schema FROM pg_extension WHERE extname = 'pg_partman';
  IF partman_schema IS NOT NULL THEN
    FOREACH parent IN ARRAY ARRAY['public.transactions', 'public.transaction_history'] LOOP
      -- A database rebuilt under the same name may have left its registration behind.
      EXECUTE format('DELETE FROM %I.part_config WHERE parent_table = %L', partman_schema, parent);
      EXECUTE format(
        'SELECT %I.create_parent(p_parent_table := %L, p_control := %L, p_type := ''native'', p_interval := ''monthly'', p_premake := 4, p_start_partition := %L)',
        partman_schema, parent,
        CASE parent WHEN 'public.transactions' THEN 'created_at' ELSE 'transaction_created_at' END,
        to_char(first_month, 'YYYY-MM-DD HH24:MI:SS'));
      EXECUTE format('DROP TABLE %s_default', parent);
    END LOOP;
  ELSE
    PERFORM transaction_partitions_ensure(first_month, 4);
    CREATE TABLE "transactions_default" PARTITION OF "transactions" DEFAULT;
    CREATE TABLE "transaction_history_default" PARTITION OF "transaction_history" DEFAULT;
  END IF;
  EXECUTE format('CREATE TABLE "transactions_p1970_01" PARTITION OF "transactions" FOR VALUES FROM (MINVALUE) TO (%L)',
    first_month);
  EXECUTE format('CREATE TABLE "transaction_history_p1970_01" PARTITION OF "transaction_history" FOR VALUES FROM (MINVALUE) TO (%L)',
    first_month);
END $$;
--> statement-breakpoint
INSERT INTO "transactions" SELECT * FROM "transactions_unpartitioned";
--> statement-breakpoint
INSERT INTO "transaction_history" ("id", "account_id", "root_id", "transaction_id", "transaction_type", "status", "is_fallback", "occurred_at", "transaction_created_at")
  SELECT h."id", h."account_id", h."root_id", h."transaction_id", h."transaction_type", h."status", h."is_fallback", h."occurred_at", k."created_at"
  FROM "transaction_history_unpartitioned" h JOIN "transaction_keys" k ON k."id" = h."transaction_id";
--> statement-breakpoint
DROP TABLE "transaction_history_unpartitioned";
--> statement-breakpoint
DROP TABLE "transactions_unpartitioned";
--> statement-breakpoint
CREATE INDEX "transactions_account_amount_idx" ON "transactions" USING btree ("account_id", "amount", "id");
--> statement-breakpoint
CREATE INDEX "transactions_account_created_idx" ON "transactions" USING btree ("account_id", "created_at" DESC, "id") INCLUDE ("status", "transaction_type", "currency", "card_country", "risk_score", "category", "payment_method");
--> statement-breakpoint
CREATE INDEX "transactions_account_status_created_idx" ON "transactions" USING btree ("account_id", "status", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "transactions_account_type_created_idx" ON "transactions" USING btree ("account_id", "transaction_type", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "transactions_account_url_idx" ON "transactions" USING btree ("account_id", "order_url") WHERE "order_url" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_backtest_idx" ON "transactions" USING btree ("account_id", "merchant_id", "created_at") INCLUDE ("currency", "card_brand", "card_country", "custom_tag", "card_bin", "order_url", "amount", "mid_id", "status") WHERE "parent_id" IS NULL AND NOT "is_fallback" AND "transaction_type" IN ('PAYMENT', 'RECURRENCE') AND ("order_url" IS NULL OR octet_length("order_url") <= 2000);
--> statement-breakpoint
CREATE INDEX "transactions_backtest_long_url_idx" ON "transactions" USING btree ("account_id", "merchant_id", "created_at") WHERE "parent_id" IS NULL AND NOT "is_fallback" AND "transaction_type" IN ('PAYMENT', 'RECURRENCE') AND octet_length("order_url") > 2000;
--> statement-breakpoint
CREATE INDEX "transactions_merchant_created_idx" ON "transactions" USING btree ("account_id", "merchant_id", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "transactions_mid_created_idx" ON "transactions" USING btree ("account_id", "mid_id", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "transactions_parent_idx" ON "transactions" USING btree ("parent_id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_provider_transaction_idx" ON "transactions" USING btree ("provider_transaction_id") WHERE "provider_transaction_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_reference_order_idx" ON "transactions" USING btree ("reference_order_id" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "transactions_route_idx" ON "transactions" USING btree ("route_id");
--> statement-breakpoint
CREATE INDEX "transactions_shopper_email_idx" ON "transactions" USING btree (lower("shopper_email") text_pattern_ops) WHERE "shopper_email" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_solution_idx" ON "transactions" USING btree ("solution_id") WHERE "solution_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transaction_history_root_idx" ON "transaction_history" USING btree ("account_id", "root_id", "occurred_at", "id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_acquirer_id_acquirers_id_fk" FOREIGN KEY ("acquirer_id") REFERENCES "public"."acquirers"("id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_mid_id_mids_id_fk" FOREIGN KEY ("mid_id") REFERENCES "public"."mids"("id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_parent_id_transaction_keys_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."transaction_keys"("id") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_recurrence_parent_id_transaction_keys_id_fk" FOREIGN KEY ("recurrence_parent_id") REFERENCES "public"."transaction_keys"("id") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "transaction_history" ADD CONSTRAINT "transaction_history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id");
--> statement-breakpoint
ALTER TABLE "transaction_history" ADD CONSTRAINT "transaction_history_transaction_id_transaction_keys_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transaction_keys"("id");
--> statement-breakpoint
CREATE FUNCTION dashboard_rollup_rows(t transactions)
 RETURNS TABLE(account_id uuid, grain smallint, merchant_id uuid, issuer_country text, day date, solution_id uuid, currency text, transaction_type text, category text, status text, is_fallback boolean, error_code text, error_label text, amount bigint)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT t.account_id, g.grain::smallint,
    CASE WHEN g.grain & 1 <> 0 THEN t.merchant_id END,
    CASE WHEN g.grain & 4 <> 0 THEN t.card_country END,
    (t.created_at AT TIME ZONE 'UTC')::date,
    CASE WHEN g.grain & 2 <> 0 THEN t.solution_id END,
    m.currency, m.transaction_type, m.category, m.status, m.is_fallback, m.error_code, m.error_label, m.amount
  FROM (
    SELECT t.currency, t.transaction_type, t.category, t.status, t.is_fallback, NULL::text AS error_code,
      NULL::text AS error_label, t.amount
    WHERE t.transaction_type IN ('PAYMENT', 'RECURRENCE')
      AND t.status IN ('SUCCESS', 'FAILED', 'DECLINED', 'ABANDONED')
      AND t.category IN ('ONE-OFF', 'INITIAL', 'RENEWAL', 'MAINTENANCE')
    UNION ALL
    SELECT t.currency, t.transaction_type, NULL, t.status, NULL, NULL, NULL, t.amount
    WHERE t.transaction_type IN ('REFUND', 'PARTIAL_REFUND', 'CHARGEBACK') AND t.status = 'SUCCESS'
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, t.error_code, left(t.error_message, 200), 0
    WHERE t.transaction_type IN ('PAYMENT', 'RECURRENCE')
      AND t.status IN ('FAILED', 'DECLINED', 'ABANDONED')
      AND t.category IN ('ONE-OFF', 'INITIAL', 'RENEWAL', 'MAINTENANCE')
      AND t.error_code IS NOT NULL
  ) m
  CROSS JOIN (VALUES (0), (1), (2), (3), (4), (5), (6), (7)) g(grain)
$function$;
--> statement-breakpoint
-- The registry follows every insert, key change and delete (a detached month is neither: its ids stay registered).
CREATE FUNCTION transaction_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_keys (id, account_id, created_at, idempotency_key)
    SELECT id, account_id, created_at, idempotency_key FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION transaction_keys_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transaction_keys k SET created_at = n.created_at, idempotency_key = n.idempotency_key
    FROM new_rows n
    WHERE k.id = n.id AND (k.created_at, k.idempotency_key) IS DISTINCT FROM (n.created_at, n.idempotency_key);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION transaction_keys_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transaction_keys k USING old_rows o WHERE k.id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transaction_keys_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_keys_insert();
--> statement-breakpoint
CREATE TRIGGER transaction_keys_update AFTER UPDATE ON transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_keys_update();
--> statement-breakpoint
CREATE TRIGGER transaction_keys_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_keys_delete();
--> statement-breakpoint
-- The daily sales rollup's triggers (migration 0016) went with the old table.
CREATE TRIGGER sales_rollup_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_apply();
--> statement-breakpoint
CREATE TRIGGER sales_rollup_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_apply();
--> statement-breakpoint
CREATE TRIGGER sales_rollup_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_apply();
--> statement-breakpoint
CREATE TRIGGER sales_rollup_truncate AFTER TRUNCATE ON transactions FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_truncate();
