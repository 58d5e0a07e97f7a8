-- The step after one primary (issue 27): every table that grows with payment traffic carries account_id and every
-- query on it names the account, so these tables could be distributed by account (Citus) without rewriting a query.
-- tests/server/account-scope.test.ts lists the statements the API runs on them without an account_id condition.
-- Six tables had no account_id: a transaction's history, a subscription's attempts and its pending action, a risk
-- alert's events, and the two rollups kept by triggers (the counters' limit sales, the subscriptions' KPIs). Each
-- column is added empty, filled from the parent row (the transaction, subscription or alert; the rollups from their
-- merchant, whose account never changes), then made NOT NULL. The rollups' triggers now carry the account of the rows
-- they sum, and their keys lead with it. The merchant- and MID-level indexes of transactions and subscriptions lead
-- with the account too: the lists name it beside the merchant, and their capped counts stay index-only. Filling
-- transaction_history writes a new version of each of its rows: on millions of payments, minutes under this lock.
ALTER TABLE "limit_sales" DROP CONSTRAINT "limit_sales_key";
--> statement-breakpoint
ALTER TABLE "subscription_kpis" DROP CONSTRAINT "subscription_kpis_key";
--> statement-breakpoint
DROP INDEX "subscription_attempts_subscription_idx";
--> statement-breakpoint
DROP INDEX "subscriptions_merchant_attempt_idx";
--> statement-breakpoint
DROP INDEX "subscriptions_merchant_status_attempt_idx";
--> statement-breakpoint
DROP INDEX "subscriptions_merchant_plan_attempt_idx";
--> statement-breakpoint
DROP INDEX "subscriptions_merchant_country_attempt_idx";
--> statement-breakpoint
DROP INDEX "subscriptions_merchant_email_idx";
--> statement-breakpoint
DROP INDEX "transaction_alert_events_alert_idx";
--> statement-breakpoint
DROP INDEX "transaction_history_root_idx";
--> statement-breakpoint
DROP INDEX "transactions_merchant_created_idx";
--> statement-breakpoint
DROP INDEX "transactions_mid_created_idx";
--> statement-breakpoint
ALTER TABLE "transaction_history" ADD COLUMN "account_id" uuid;
--> statement-breakpoint
ALTER TABLE "subscription_attempts" ADD COLUMN "account_id" uuid;
--> statement-breakpoint
ALTER TABLE "subscription_pending_actions" ADD COLUMN "account_id" uuid;
--> statement-breakpoint
ALTER TABLE "transaction_alert_events" ADD COLUMN "account_id" uuid;
--> statement-breakpoint
ALTER TABLE "limit_sales" ADD COLUMN "account_id" uuid;
--> statement-breakpoint
ALTER TABLE "subscription_kpis" ADD COLUMN "account_id" uuid;
--> statement-breakpoint
-- Filling the attempts' column is an UPDATE, which the KPI trigger would count as every renewal taken away and added
-- back: it changes nothing the rollup sums, so the trigger sits it out.
ALTER TABLE "subscription_attempts" DISABLE TRIGGER "subscription_attempt_kpis_update";
--> statement-breakpoint
UPDATE "transaction_history" x SET "account_id" = t.account_id FROM transactions t WHERE t.id = x.transaction_id;
--> statement-breakpoint
UPDATE "subscription_attempts" x SET "account_id" = s.account_id FROM subscriptions s WHERE s.id = x.subscription_id;
--> statement-breakpoint
UPDATE "subscription_pending_actions" x SET "account_id" = s.account_id FROM subscriptions s WHERE s.id = x.subscription_id;
--> statement-breakpoint
UPDATE "transaction_alert_events" x SET "account_id" = a.account_id FROM transaction_alerts a WHERE a.id = x.alert_id;
--> statement-breakpoint
UPDATE "limit_sales" x SET "account_id" = m.account_id FROM merchants m WHERE m.id = x.merchant_id;
--> statement-breakpoint
UPDATE "subscription_kpis" x SET "account_id" = m.account_id FROM merchants m WHERE m.id = x.merchant_id;
--> statement-breakpoint
ALTER TABLE "subscription_attempts" ENABLE TRIGGER "subscription_attempt_kpis_update";
--> statement-breakpoint
ALTER TABLE "transaction_history" ALTER COLUMN "account_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscription_attempts" ALTER COLUMN "account_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscription_pending_actions" ALTER COLUMN "account_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "transaction_alert_events" ALTER COLUMN "account_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "limit_sales" ALTER COLUMN "account_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscription_kpis" ALTER COLUMN "account_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscription_attempts" ADD CONSTRAINT "subscription_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscription_pending_actions" ADD CONSTRAINT "subscription_pending_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transaction_alert_events" ADD CONSTRAINT "transaction_alert_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transaction_history" ADD CONSTRAINT "transaction_history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "subscription_attempts_subscription_idx" ON "subscription_attempts" USING btree ("account_id","subscription_id","cycle" DESC NULLS LAST,"created_at","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_attempt_idx" ON "subscriptions" USING btree ("account_id","merchant_id","last_attempt_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_status_attempt_idx" ON "subscriptions" USING btree ("account_id","merchant_id","status","last_attempt_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_plan_attempt_idx" ON "subscriptions" USING btree ("account_id","merchant_id","plan_id","last_attempt_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_country_attempt_idx" ON "subscriptions" USING btree ("account_id","merchant_id","card_country","last_attempt_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_email_idx" ON "subscriptions" USING btree ("account_id","merchant_id",lower("customer_email") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "transaction_alert_events_alert_idx" ON "transaction_alert_events" USING btree ("account_id","alert_id","at","id");
--> statement-breakpoint
CREATE INDEX "transaction_history_root_idx" ON "transaction_history" USING btree ("account_id","root_id","occurred_at","id");
--> statement-breakpoint
CREATE INDEX "transactions_merchant_created_idx" ON "transactions" USING btree ("account_id","merchant_id","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX "transactions_mid_created_idx" ON "transactions" USING btree ("account_id","mid_id","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
ALTER TABLE "limit_sales" ADD CONSTRAINT "limit_sales_key" UNIQUE NULLS NOT DISTINCT("account_id","merchant_id","solution_id","whole_month","day","mid_id","card_brand","descriptor");
--> statement-breakpoint
ALTER TABLE "subscription_kpis" ADD CONSTRAINT "subscription_kpis_key" UNIQUE NULLS NOT DISTINCT("account_id","merchant_id","currency","whole_month","day","plan_id","cancellation_reason");
--> statement-breakpoint
-- The routing backtest's covering indexes (migration 0015), now led by the account its aggregation names.
DROP INDEX "transactions_backtest_idx";
--> statement-breakpoint
CREATE INDEX "transactions_backtest_idx" ON "transactions" USING btree ("account_id", "merchant_id", "created_at")
  INCLUDE ("currency", "card_brand", "card_country", "custom_tag", "card_bin", "order_url", "amount", "mid_id", "status")
  WHERE "parent_id" IS NULL AND NOT "is_fallback" AND "transaction_type" IN ('PAYMENT', 'RECURRENCE')
    AND ("order_url" IS NULL OR octet_length("order_url") <= 2000);
--> statement-breakpoint
DROP INDEX "transactions_backtest_long_url_idx";
--> statement-breakpoint
CREATE INDEX "transactions_backtest_long_url_idx" ON "transactions" USING btree ("account_id", "merchant_id", "created_at")
  WHERE "parent_id" IS NULL AND NOT "is_fallback" AND "transaction_type" IN ('PAYMENT', 'RECURRENCE')
    AND octet_length("order_url") > 2000;
--> statement-breakpoint
-- limit_sales_apply() of migration 0024, with the account of the rollup rows it sums.
CREATE OR REPLACE FUNCTION limit_sales_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied tid[];
BEGIN
  EXECUTE format($sql$
    WITH applied AS (
      INSERT INTO limit_sales AS l (account_id, merchant_id, solution_id, whole_month, day, mid_id, card_brand,
        descriptor, count)
      SELECT c.account_id, c.merchant_id, c.solution_id, s.whole_month,
        CASE WHEN s.whole_month THEN date_trunc('month', c.day)::date ELSE c.day END,
        c.mid_id, c.card_brand, c.descriptor, sum(c.n * c.count)::bigint
      FROM (%s) c CROSS JOIN (VALUES (false), (true)) s(whole_month)
      WHERE c.transaction_type IN ('PAYMENT', 'RECURRENCE') AND c.status = 'SUCCESS' AND c.solution_id IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      HAVING sum(c.n * c.count) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT ON CONSTRAINT limit_sales_key DO UPDATE SET count = l.count + excluded.count
      RETURNING l.ctid AS at, l.count
    )
    SELECT array_agg(at) FROM applied WHERE count = 0
  $sql$, transition_rows(TG_OP, 'r.*')) INTO emptied;
  IF emptied IS NOT NULL THEN
    DELETE FROM limit_sales WHERE ctid = ANY (emptied) AND count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The KPI rollup's sources and upsert of migration 0028, with the account of the subscriptions and attempts they sum.
CREATE OR REPLACE FUNCTION subscription_kpi_source(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT transition_rows(op, 'r.account_id, r.merchant_id, r.currency, r.plan_id, c.*',
    'CROSS JOIN LATERAL subscription_kpi_parts(r.created_at, r.status, r.cancelled_at, r.cancellation_reason, '
    || 'r.cycle, r.monthly_amount) c')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_attempt_kpi_source(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT transition_rows(op, 'r.account_id, r.merchant_id, r.currency, r.plan_id, '
    || '(r.created_at AT TIME ZONE ''UTC'')::date AS day, '
    || 'NULL::text AS cancellation_reason, 0 AS started, 1 AS renewed, 0 AS cancelled, 0 AS cancelled_initial, '
    || '0::bigint AS started_revenue, 0::bigint AS cancelled_revenue',
    'WHERE r.type IN (''RENEWAL'', ''MAINTENANCE'') AND r.status = ''SUCCESS''')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_kpis_upsert(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($sql$
    WITH applied AS (
      INSERT INTO subscription_kpis AS k (account_id, merchant_id, currency, whole_month, day, plan_id,
        cancellation_reason, started, renewed, cancelled, cancelled_initial, started_revenue, cancelled_revenue)
      SELECT t.account_id, t.merchant_id, t.currency, g.whole_month,
        CASE WHEN g.whole_month THEN date_trunc('month', t.day)::date ELSE t.day END, t.plan_id, t.cancellation_reason,
        sum(t.n * t.started)::bigint, sum(t.n * t.renewed)::bigint, sum(t.n * t.cancelled)::bigint,
        sum(t.n * t.cancelled_initial)::bigint, sum(t.n * t.started_revenue)::bigint,
        sum(t.n * t.cancelled_revenue)::bigint
      FROM (%s) t CROSS JOIN (VALUES (false), (true)) g(whole_month)
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum(t.n * t.started) <> 0 OR sum(t.n * t.renewed) <> 0 OR sum(t.n * t.cancelled) <> 0
        OR sum(t.n * t.cancelled_initial) <> 0 OR sum(t.n * t.started_revenue) <> 0
        OR sum(t.n * t.cancelled_revenue) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6, 7
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
-- The sandbox acquirer's settlement jobs now name the refund's account: the ones still waiting get it here, so a
-- refund queued before this migration still settles.
UPDATE "jobs" j SET "payload" = j.payload || jsonb_build_object('accountId', t.account_id)
  FROM transactions t
  WHERE j.kind = 'sandbox-refund-settlement' AND NOT (j.payload ? 'accountId') AND t.id::text = j.payload->>'refundId';
