-- Subscriptions, their attempts and the overview's KPI rollup kept by triggers in the writing transaction (issue 24).
CREATE TABLE "subscription_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"transaction_id" uuid,
	"mid_id" uuid,
	"error_code" text,
	"error_message" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_attempts_type_known" CHECK ("subscription_attempts"."type" in ('INITIAL', 'RENEWAL', 'MAINTENANCE', 'REFUND', 'PARTIAL_REFUND', 'RDR', 'CHARGEBACK', 'INFORMATION_REQUESTED')),
	CONSTRAINT "subscription_attempts_cycle_positive" CHECK ("subscription_attempts"."cycle" >= 1),
	CONSTRAINT "subscription_attempts_amount_not_negative" CHECK ("subscription_attempts"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_kpis" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"whole_month" boolean NOT NULL,
	"day" date NOT NULL,
	"plan_id" uuid NOT NULL,
	"cancellation_reason" text,
	"started" bigint DEFAULT 0 NOT NULL,
	"renewed" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"cancelled_initial" bigint DEFAULT 0 NOT NULL,
	"started_revenue" bigint DEFAULT 0 NOT NULL,
	"cancelled_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "subscription_kpis_key" UNIQUE NULLS NOT DISTINCT("merchant_id","currency","whole_month","day","plan_id","cancellation_reason")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text NOT NULL,
	"initial_transaction_id" uuid,
	"card_holder" text,
	"card_brand" text,
	"card_country" text,
	"card_bin" text,
	"card_last4" text,
	"customer_email" text,
	"url" text,
	"account_updated" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"monthly_amount" bigint NOT NULL,
	"cycle" integer DEFAULT 1 NOT NULL,
	"last_attempt_amount" bigint NOT NULL,
	"last_attempt_currency" text NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_attempt_status" text NOT NULL,
	"next_charge_at" timestamp with time zone,
	"cancellation_reason" text,
	"cancellation_reason_details" text,
	"cancelled_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "subscriptions_status_known" CHECK ("subscriptions"."status" in ('ACTIVE', 'PAUSED', 'CANCELLED', 'ARCHIVED', 'FULFILLED')),
	CONSTRAINT "subscriptions_cancelled_has_reason" CHECK ("subscriptions"."status" <> 'CANCELLED' or ("subscriptions"."cancelled_at" is not null and "subscriptions"."cancellation_reason" is not null)),
	CONSTRAINT "subscriptions_cycle_positive" CHECK ("subscriptions"."cycle" >= 1),
	CONSTRAINT "subscriptions_amounts_not_negative" CHECK ("subscriptions"."amount" >= 0 and "subscriptions"."monthly_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_attempts" ADD CONSTRAINT "subscription_attempts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_attempts" ADD CONSTRAINT "subscription_attempts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_attempts" ADD CONSTRAINT "subscription_attempts_mid_id_mids_id_fk" FOREIGN KEY ("mid_id") REFERENCES "public"."mids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_initial_transaction_id_transactions_id_fk" FOREIGN KEY ("initial_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_attempts_subscription_idx" ON "subscription_attempts" USING btree ("subscription_id","cycle" DESC NULLS LAST,"created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_attempts_transaction_key" ON "subscription_attempts" USING btree ("transaction_id") WHERE "subscription_attempts"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_attempt_idx" ON "subscriptions" USING btree ("merchant_id","last_attempt_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_status_attempt_idx" ON "subscriptions" USING btree ("merchant_id","status","last_attempt_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_plan_attempt_idx" ON "subscriptions" USING btree ("merchant_id","plan_id","last_attempt_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_country_attempt_idx" ON "subscriptions" USING btree ("merchant_id","card_country","last_attempt_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_email_idx" ON "subscriptions" USING btree ("merchant_id",lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_initial_transaction_key" ON "subscriptions" USING btree ("initial_transaction_id") WHERE "subscriptions"."initial_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_charge_at") WHERE "subscriptions"."status" = 'ACTIVE' and "subscriptions"."next_charge_at" is not null;--> statement-breakpoint
-- The KPI rollup `subscription_kpis` is kept as the sales rollup is (migrations 0016 and 0024): statement-level AFTER
-- triggers on `subscriptions` and `subscription_attempts` apply one aggregated upsert per statement, in the writer's
-- transaction, whichever code path writes (the actions' service, the demo generator, the live traffic, a hand-written
-- UPDATE). A subscription counts as started on the UTC day of `created_at` (with its monthly recurring revenue) and,
-- once CANCELLED, as cancelled on the day of `cancelled_at` under its source, in its first cycle or not; a successful
-- RENEWAL or MAINTENANCE attempt counts as a renewal on its day. Each part is written twice: on its day's row and on its
-- month's row (`whole_month`, day = the month's first day), so a period reads whole months as one row each
-- (src/server/db/periods.ts). Rows are upserted in the key's order (no deadlock between writers) and rows left at
-- zero are deleted. tests/server/subscriptions-data.test.ts checks the rollup against a recount from the base tables.

-- A subscription's parts of the rollup.
CREATE FUNCTION subscription_kpi_parts(created_at timestamptz, status text, cancelled_at timestamptz, reason text,
  cycle integer, monthly_amount bigint)
RETURNS TABLE (day date, cancellation_reason text, started integer, renewed integer, cancelled integer,
  cancelled_initial integer, started_revenue bigint, cancelled_revenue bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT (created_at AT TIME ZONE 'UTC')::date, NULL::text, 1, 0, 0, 0, monthly_amount, 0::bigint
  UNION ALL
  SELECT (cancelled_at AT TIME ZONE 'UTC')::date, reason, 0, 0, 1, (cycle = 1)::integer, 0::bigint, monthly_amount
  WHERE status = 'CANCELLED'
$$;
--> statement-breakpoint
-- The rows of subscriptions (`source` is the subscriptions or a transition table of them, under `r`) as rollup parts.
CREATE FUNCTION subscription_kpi_source(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT transition_rows(op, 'r.merchant_id, r.currency, r.plan_id, c.*',
    'CROSS JOIN LATERAL subscription_kpi_parts(r.created_at, r.status, r.cancelled_at, r.cancellation_reason, '
    || 'r.cycle, r.monthly_amount) c')
$$;
--> statement-breakpoint
-- The renewals among attempts (a transition table of them, under `r`) as rollup parts.
CREATE FUNCTION subscription_attempt_kpi_source(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT transition_rows(op, 'r.merchant_id, r.currency, r.plan_id, (r.created_at AT TIME ZONE ''UTC'')::date AS day, '
    || 'NULL::text AS cancellation_reason, 0 AS started, 1 AS renewed, 0 AS cancelled, 0 AS cancelled_initial, '
    || '0::bigint AS started_revenue, 0::bigint AS cancelled_revenue',
    'WHERE r.type IN (''RENEWAL'', ''MAINTENANCE'') AND r.status = ''SUCCESS''')
$$;
--> statement-breakpoint
-- The one upsert: signed parts (`n` and the columns of subscription_kpi_parts) added to their day's and month's rows.
-- Answers the ids of the rows it left at zero.
CREATE FUNCTION subscription_kpis_upsert(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($sql$
    WITH applied AS (
      INSERT INTO subscription_kpis AS k (merchant_id, currency, whole_month, day, plan_id, cancellation_reason,
        started, renewed, cancelled, cancelled_initial, started_revenue, cancelled_revenue)
      SELECT t.merchant_id, t.currency, g.whole_month,
        CASE WHEN g.whole_month THEN date_trunc('month', t.day)::date ELSE t.day END, t.plan_id, t.cancellation_reason,
        sum(t.n * t.started)::bigint, sum(t.n * t.renewed)::bigint, sum(t.n * t.cancelled)::bigint,
        sum(t.n * t.cancelled_initial)::bigint, sum(t.n * t.started_revenue)::bigint,
        sum(t.n * t.cancelled_revenue)::bigint
      FROM (%s) t CROSS JOIN (VALUES (false), (true)) g(whole_month)
      GROUP BY 1, 2, 3, 4, 5, 6
      HAVING sum(t.n * t.started) <> 0 OR sum(t.n * t.renewed) <> 0 OR sum(t.n * t.cancelled) <> 0
        OR sum(t.n * t.cancelled_initial) <> 0 OR sum(t.n * t.started_revenue) <> 0
        OR sum(t.n * t.cancelled_revenue) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT subscription_kpis_key DO UPDATE SET started = k.started + excluded.started,
        renewed = k.renewed + excluded.renewed, cancelled = k.cancelled + excluded.cancelled,
        cancelled_initial = k.cancelled_initial + excluded.cancelled_initial,
        started_revenue = k.started_revenue + excluded.started_revenue,
        cancelled_revenue = k.cancelled_revenue + excluded.cancelled_revenue
      RETURNING k.id, k.started = 0 AND k.renewed = 0 AND k.cancelled = 0 AND k.cancelled_initial = 0
        AND k.started_revenue = 0 AND k.cancelled_revenue = 0 AS empty
    )
    SELECT array_agg(id) FROM applied WHERE empty
  $sql$, source)
$$;
--> statement-breakpoint
CREATE FUNCTION subscription_kpis_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied bigint[];
BEGIN
  IF TG_TABLE_NAME = 'subscriptions' THEN
    EXECUTE subscription_kpis_upsert(subscription_kpi_source(TG_OP)) INTO emptied;
  ELSE
    EXECUTE subscription_kpis_upsert(subscription_attempt_kpi_source(TG_OP)) INTO emptied;
  END IF;
  IF emptied IS NOT NULL THEN
    DELETE FROM subscription_kpis WHERE id = ANY (emptied);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscription_kpis_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_kpis_apply();
--> statement-breakpoint
CREATE TRIGGER subscription_kpis_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_kpis_apply();
--> statement-breakpoint
CREATE TRIGGER subscription_kpis_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_kpis_apply();
--> statement-breakpoint
CREATE TRIGGER subscription_attempt_kpis_insert AFTER INSERT ON subscription_attempts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_kpis_apply();
--> statement-breakpoint
CREATE TRIGGER subscription_attempt_kpis_update AFTER UPDATE ON subscription_attempts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_kpis_apply();
--> statement-breakpoint
CREATE TRIGGER subscription_attempt_kpis_delete AFTER DELETE ON subscription_attempts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_kpis_apply();
--> statement-breakpoint
-- Truncating the subscriptions (their attempts with them) empties the rollup.
CREATE FUNCTION subscription_kpis_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE subscription_kpis;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscription_kpis_truncate AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_kpis_truncate();
--> statement-breakpoint
-- The rebuild (the demo generator and the bench fixture after a bulk load without the triggers): writers wait for it
-- (SHARE locks), so the recount sees every committed row. Answers the number of rollup rows.
CREATE FUNCTION subscription_kpis_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
BEGIN
  LOCK TABLE subscriptions, subscription_attempts IN SHARE MODE;
  TRUNCATE subscription_kpis;
  EXECUTE subscription_kpis_upsert(
    replace(subscription_kpi_source('INSERT'), 'FROM new_rows r', 'FROM subscriptions r')
    || ' UNION ALL '
    || replace(subscription_attempt_kpi_source('INSERT'), 'FROM new_rows r', 'FROM subscription_attempts r'));
  SELECT count(*) INTO written FROM subscription_kpis;
  RETURN written;
END
$$;
