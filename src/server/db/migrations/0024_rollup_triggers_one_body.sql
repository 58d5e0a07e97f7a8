-- The rollups' statement-level triggers, each written once (issue 23). Migration 0016 wrote the sales rollup's upsert
-- three times (insert, update, delete), 0020 wrote it again with the dashboard's upsert after it (three more times),
-- and 0021 handed the totals' changes to a function through arrays. The statements did the same thing with a
-- different source of rows: the new rows added, the old ones taken away, or both for an update. Here that source is
-- one text (transition_rows), and each table's upsert one statement run with EXECUTE over it, as 0022's
-- limit_sales_apply() already was; EXECUTE sees the trigger's transition tables as any statement of the function does.
-- What the triggers write does not change: the same groups, the same key order (sales rows first, then the
-- dashboard's, then its totals, each in its key's order, so two writers cannot deadlock), rows left at zero deleted.
-- tests/server/sales-rollup.test.ts checks the rollups against GROUP BY over the raw table after random changes.

-- The rows a statement changed (`r`), each with its sign `n`: 1 for a new row, -1 for an old one (an update has
-- both), and `projection` of it, after `joined` (a lateral function of the row, when the columns are its rows).
CREATE FUNCTION transition_rows(op text, projection text, joined text DEFAULT '') RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN format('SELECT 1 AS n, %s FROM new_rows r %s', projection, joined)
    WHEN 'UPDATE' THEN format(
      'SELECT -1 AS n, %1$s FROM old_rows r %2$s UNION ALL SELECT 1 AS n, %1$s FROM new_rows r %2$s',
      projection, joined)
    ELSE format('SELECT -1 AS n, %s FROM old_rows r %s', projection, joined)
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_rollup_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied bigint[];
  emptied_dashboard bigint[];
BEGIN
  EXECUTE format($sql$
    WITH applied AS (
      INSERT INTO sales_rollup AS r (day, account_id, merchant_id, acquirer_id, solution_id, mid_id, card_brand,
        descriptor, currency, transaction_type, category, status, is_fallback, count, amount)
      SELECT (t.created_at AT TIME ZONE 'UTC')::date, t.account_id, t.merchant_id, t.acquirer_id, t.solution_id,
        t.mid_id, t.card_brand, left(t.shopper_statement, 200), t.currency, t.transaction_type, t.category, t.status,
        t.is_fallback, sum(t.n)::bigint, sum(t.n * t.amount)::bigint
      FROM (%s) t
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
      HAVING sum(t.n) <> 0 OR sum(t.n * t.amount) <> 0
      ORDER BY 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 2
      ON CONFLICT ON CONSTRAINT sales_rollup_key
      DO UPDATE SET count = r.count + excluded.count, amount = r.amount + excluded.amount
      RETURNING r.id, r.count
    )
    SELECT array_agg(id) FROM applied WHERE count = 0
  $sql$, transition_rows(TG_OP, 'r.*')) INTO emptied;
  EXECUTE format($sql$
    WITH applied AS (
      INSERT INTO dashboard_rollup AS r (account_id, grain, merchant_id, issuer_country, day, solution_id, currency,
        transaction_type, category, status, is_fallback, error_code, error_label, count, amount, amount_eur,
        amount_usd, amount_gbp)
      SELECT d.account_id, d.grain, d.merchant_id, d.issuer_country, d.day, d.solution_id, d.currency,
        d.transaction_type, d.category, d.status, d.is_fallback, d.error_code, d.error_label, sum(d.n)::bigint,
        sum(d.n * d.amount)::bigint,
        dashboard_converted(sum(d.n * d.amount)::bigint, d.currency, d.day, 'EUR'),
        dashboard_converted(sum(d.n * d.amount)::bigint, d.currency, d.day, 'USD'),
        dashboard_converted(sum(d.n * d.amount)::bigint, d.currency, d.day, 'GBP')
      FROM (%s) d
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
      HAVING sum(d.n) <> 0 OR sum(d.n * d.amount) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 7
      ON CONFLICT ON CONSTRAINT dashboard_rollup_key
      DO UPDATE SET count = r.count + excluded.count, amount = r.amount + excluded.amount,
        amount_eur = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'EUR'),
        amount_usd = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'USD'),
        amount_gbp = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'GBP')
      RETURNING r.id, r.count
    )
    SELECT array_agg(id) FROM applied WHERE count = 0
  $sql$, transition_rows(TG_OP, 'd.*', 'CROSS JOIN LATERAL dashboard_rollup_rows(r) d')) INTO emptied_dashboard;
  IF emptied IS NOT NULL THEN
    DELETE FROM sales_rollup WHERE id = ANY (emptied) AND count = 0;
  END IF;
  IF emptied_dashboard IS NOT NULL THEN
    DELETE FROM dashboard_rollup WHERE id = ANY (emptied_dashboard) AND count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied tid[];
BEGIN
  -- A rebuild or a rates import adds the totals up once at the end (dashboard_totals_rebuild()).
  IF current_setting('dashboard.rebuilding', true) = 'on' THEN
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    WITH delta AS (
      SELECT c.account_id, c.grain, c.merchant_id, c.issuer_country, s.whole_month,
        CASE WHEN s.whole_month THEN date_trunc('month', c.day)::date ELSE c.day END AS day,
        c.solution_id, c.transaction_type, c.category, c.status, c.is_fallback, c.error_code, c.error_label,
        sum(c.n * c.count)::bigint AS count,
        coalesce(sum(c.n * c.amount_eur), 0) AS amount_eur,
        coalesce(sum(c.n * c.amount_usd), 0) AS amount_usd,
        coalesce(sum(c.n * c.amount_gbp), 0) AS amount_gbp,
        sum(c.n * (c.currency IS NOT NULL AND c.amount_eur IS NULL AND c.count <> 0)::int)::int AS missing_eur,
        sum(c.n * (c.currency IS NOT NULL AND c.amount_usd IS NULL AND c.count <> 0)::int)::int AS missing_usd,
        sum(c.n * (c.currency IS NOT NULL AND c.amount_gbp IS NULL AND c.count <> 0)::int)::int AS missing_gbp
      FROM (%s) c CROSS JOIN (VALUES (false), (true)) s(whole_month)
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
    ), applied AS (
      INSERT INTO dashboard_totals AS t (account_id, grain, merchant_id, issuer_country, whole_month, day, solution_id,
        transaction_type, category, status, is_fallback, error_code, error_label, count, amount_eur, amount_usd,
        amount_gbp, missing_eur, missing_usd, missing_gbp)
      SELECT * FROM delta
      WHERE count <> 0 OR amount_eur <> 0 OR amount_usd <> 0 OR amount_gbp <> 0
        OR missing_eur <> 0 OR missing_usd <> 0 OR missing_gbp <> 0
      ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
      ON CONFLICT ON CONSTRAINT dashboard_totals_key
      DO UPDATE SET count = t.count + excluded.count, amount_eur = t.amount_eur + excluded.amount_eur,
        amount_usd = t.amount_usd + excluded.amount_usd, amount_gbp = t.amount_gbp + excluded.amount_gbp,
        missing_eur = t.missing_eur + excluded.missing_eur, missing_usd = t.missing_usd + excluded.missing_usd,
        missing_gbp = t.missing_gbp + excluded.missing_gbp
      RETURNING t.ctid AS at, t.count
    )
    SELECT array_agg(at) FROM applied WHERE count = 0
  $sql$, transition_rows(TG_OP, 'r.*')) INTO emptied;
  IF emptied IS NOT NULL THEN
    DELETE FROM dashboard_totals WHERE ctid = ANY (emptied) AND count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION dashboard_totals_add(dashboard_rollup[], dashboard_rollup[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION limit_sales_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied tid[];
BEGIN
  EXECUTE format($sql$
    WITH applied AS (
      INSERT INTO limit_sales AS l (merchant_id, solution_id, whole_month, day, mid_id, card_brand, descriptor, count)
      SELECT c.merchant_id, c.solution_id, s.whole_month,
        CASE WHEN s.whole_month THEN date_trunc('month', c.day)::date ELSE c.day END,
        c.mid_id, c.card_brand, c.descriptor, sum(c.n * c.count)::bigint
      FROM (%s) c CROSS JOIN (VALUES (false), (true)) s(whole_month)
      WHERE c.transaction_type IN ('PAYMENT', 'RECURRENCE') AND c.status = 'SUCCESS' AND c.solution_id IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum(c.n * c.count) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6, 7
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
