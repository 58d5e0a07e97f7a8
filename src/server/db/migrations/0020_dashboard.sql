CREATE TABLE "dashboard_rollup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"grain" smallint NOT NULL,
	"merchant_id" uuid,
	"issuer_country" text,
	"day" date NOT NULL,
	"solution_id" uuid,
	"currency" text,
	"transaction_type" text,
	"category" text,
	"status" text,
	"is_fallback" boolean,
	"error_code" text,
	"error_label" text,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"amount_eur" numeric,
	"amount_usd" numeric,
	"amount_gbp" numeric,
	CONSTRAINT "dashboard_rollup_key" UNIQUE NULLS NOT DISTINCT("account_id","grain","merchant_id","issuer_country","day","solution_id","transaction_type","category","status","is_fallback","error_code","error_label","currency"),
	CONSTRAINT "dashboard_rollup_grain" CHECK ("dashboard_rollup"."grain" between 0 and 7)
);
--> statement-breakpoint
CREATE TABLE "dashboard_totals" (
	"account_id" uuid NOT NULL,
	"grain" smallint NOT NULL,
	"merchant_id" uuid,
	"issuer_country" text,
	"day" date NOT NULL,
	"solution_id" uuid,
	"transaction_type" text NOT NULL,
	"category" text,
	"status" text NOT NULL,
	"is_fallback" boolean,
	"count" bigint NOT NULL,
	"amount_eur" numeric NOT NULL,
	"amount_usd" numeric NOT NULL,
	"amount_gbp" numeric NOT NULL,
	"missing_eur" integer NOT NULL,
	"missing_usd" integer NOT NULL,
	"missing_gbp" integer NOT NULL,
	CONSTRAINT "dashboard_totals_key" UNIQUE NULLS NOT DISTINCT("account_id","grain","merchant_id","issuer_country","day","solution_id","transaction_type","category","status","is_fallback")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_day_currency_pk" PRIMARY KEY("day","currency"),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_not_base" CHECK ("exchange_rates"."currency" <> 'EUR')
);
--> statement-breakpoint
-- The dashboard's rollup (issue 17) is kept by the sales rollup's statement-level triggers (migration 0016), in the
-- same statement and transaction: sales_rollup_apply() below is 0016's function with the dashboard's upsert added
-- after the sales one, so every write takes the two tables' rows in the same order (sales first, each in its key's
-- order) and two writers cannot deadlock each other on them; the bulk load's trigger switch and the truncate cover both.
--
-- A transaction counts on the dashboard when it is a payment (PAYMENT, RECURRENCE) of a known category that ended
-- SUCCESS, FAILED, DECLINED or ABANDONED, or a successful REFUND, PARTIAL_REFUND or CHARGEBACK. It adds to one
-- figures row in each of the 8 grains (the combinations of merchant, solution and issuer country a dashboard filters
-- by; dropped dimensions are null), and a rejected payment with an error code also to one error row per grain
-- (code and label, count only). dashboard_rollup_rows() is that projection, used by the triggers and the rebuild.
-- Digits of a currency's minor unit, as currencyExponent() in src/domain/format.ts (a test compares the two).
CREATE FUNCTION currency_exponent(currency text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN currency IN ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV',
      'XAF', 'XOF', 'XPF') THEN 0
    WHEN currency IN ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 3
    ELSE 2
  END
$$;
--> statement-breakpoint
-- A day's amount (minor units of `currency`) in `target` at that day's rates (units per 1 EUR; EUR is 1 and has no
-- row), in 10^-12 of the target's minor unit, rounded half away from zero: convertedSum() in src/domain/dashboard.ts
-- for one part. Null when a rate it needs is missing, never a figure that leaves money out; 0 for rows without a
-- currency (the error rows).
-- The conversion itself, with the rates given: `f` of the amount's currency, `t` of the target (null when missing).
-- One expression, so that the planner inlines it into a statement that joins the rates (the rebuild).
CREATE FUNCTION dashboard_converted_at(amount bigint, currency text, target text, f numeric, t numeric)
RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN currency IS NULL THEN 0::numeric
    WHEN currency = target THEN amount::numeric * 1000000000000
    ELSE sign(amount) * div(
      2 * abs(amount)::numeric * t * (10::numeric ^ (currency_exponent(target) + 12 - currency_exponent(currency))) + f,
      2 * f)
  END
$$;
--> statement-breakpoint
-- The same with the day's rates looked up: what the triggers and a rates import use row by row.
CREATE FUNCTION dashboard_converted(amount bigint, currency text, day date, target text) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT dashboard_converted_at(amount, currency, target,
    CASE WHEN currency = 'EUR' THEN 1::numeric
      ELSE (SELECT r.rate FROM exchange_rates r WHERE r.day = dashboard_converted.day AND r.currency = dashboard_converted.currency)
    END,
    CASE WHEN target = 'EUR' THEN 1::numeric
      ELSE (SELECT r.rate FROM exchange_rates r WHERE r.day = dashboard_converted.day AND r.currency = target)
    END)
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_rollup_rows(t transactions)
RETURNS TABLE (account_id uuid, grain smallint, merchant_id uuid, issuer_country text, day date, solution_id uuid,
  currency text, transaction_type text, category text, status text, is_fallback boolean, error_code text,
  error_label text, amount bigint)
LANGUAGE sql STABLE AS $$
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
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_rollup_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied bigint[];
  emptied_dashboard bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_rollup AS r (day, account_id, merchant_id, acquirer_id, solution_id, mid_id, card_brand, descriptor, currency, transaction_type, category, status, is_fallback, count, amount)
    SELECT (t.created_at AT TIME ZONE 'UTC')::date AS day, t.account_id, t.merchant_id, t.acquirer_id, t.solution_id,
        t.mid_id, t.card_brand, left(t.shopper_statement, 200) AS descriptor, t.currency, t.transaction_type, t.category,
        t.status, t.is_fallback,
        count(*), sum(t.amount)::bigint
    FROM new_rows t
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
    ORDER BY 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 2
  ON CONFLICT ON CONSTRAINT sales_rollup_key
  DO UPDATE SET count = r.count + excluded.count, amount = r.amount + excluded.amount;
    INSERT INTO dashboard_rollup AS r (account_id, grain, merchant_id, issuer_country, day, solution_id, currency, transaction_type, category, status, is_fallback, error_code, error_label, count, amount, amount_eur, amount_usd, amount_gbp)
    SELECT d.account_id, d.grain, d.merchant_id, d.issuer_country, d.day, d.solution_id, d.currency, d.transaction_type,
        d.category, d.status, d.is_fallback, d.error_code, d.error_label, count(*), sum(d.amount)::bigint,
        dashboard_converted(sum(d.amount)::bigint, d.currency, d.day, 'EUR'), dashboard_converted(sum(d.amount)::bigint, d.currency, d.day, 'USD'), dashboard_converted(sum(d.amount)::bigint, d.currency, d.day, 'GBP')
    FROM new_rows t CROSS JOIN LATERAL dashboard_rollup_rows(t) d
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
    ORDER BY 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 7
  ON CONFLICT ON CONSTRAINT dashboard_rollup_key
  DO UPDATE SET count = r.count + excluded.count, amount = r.amount + excluded.amount,
    amount_eur = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'EUR'),
    amount_usd = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'USD'),
    amount_gbp = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'GBP');
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    WITH delta AS (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, o.account_id, o.merchant_id, o.acquirer_id, o.solution_id,
        o.mid_id, o.card_brand, left(o.shopper_statement, 200) AS descriptor, o.currency, o.transaction_type, o.category,
        o.status, o.is_fallback,
        -1 AS n, -o.amount AS amount
      FROM old_rows o
      UNION ALL
      SELECT (t.created_at AT TIME ZONE 'UTC')::date AS day, t.account_id, t.merchant_id, t.acquirer_id, t.solution_id,
        t.mid_id, t.card_brand, left(t.shopper_statement, 200) AS descriptor, t.currency, t.transaction_type, t.category,
        t.status, t.is_fallback,
        1, t.amount
      FROM new_rows t
    ), applied AS (
      INSERT INTO sales_rollup AS r (day, account_id, merchant_id, acquirer_id, solution_id, mid_id, card_brand, descriptor, currency, transaction_type, category, status, is_fallback, count, amount)
      SELECT day, account_id, merchant_id, acquirer_id, solution_id, mid_id, card_brand, descriptor, currency,
        transaction_type, category, status, is_fallback, sum(n)::bigint, sum(amount)::bigint
      FROM delta
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
      HAVING sum(n) <> 0 OR sum(amount) <> 0
      ORDER BY 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 2
  ON CONFLICT ON CONSTRAINT sales_rollup_key
  DO UPDATE SET count = r.count + excluded.count, amount = r.amount + excluded.amount
      RETURNING r.id, r.count
    )
    SELECT array_agg(id) INTO emptied FROM applied WHERE count = 0;
    WITH delta AS (
      SELECT d.*, -1 AS n FROM old_rows o CROSS JOIN LATERAL dashboard_rollup_rows(o) d
      UNION ALL
      SELECT d.*, 1 AS n FROM new_rows t CROSS JOIN LATERAL dashboard_rollup_rows(t) d
    ), applied AS (
      INSERT INTO dashboard_rollup AS r (account_id, grain, merchant_id, issuer_country, day, solution_id, currency, transaction_type, category, status, is_fallback, error_code, error_label, count, amount, amount_eur, amount_usd, amount_gbp)
      SELECT account_id, grain, merchant_id, issuer_country, day, solution_id, currency, transaction_type, category,
        status, is_fallback, error_code, error_label, sum(n)::bigint, sum(n * amount)::bigint,
        dashboard_converted(sum(n * amount)::bigint, currency, day, 'EUR'), dashboard_converted(sum(n * amount)::bigint, currency, day, 'USD'), dashboard_converted(sum(n * amount)::bigint, currency, day, 'GBP')
      FROM delta
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
      HAVING sum(n) <> 0 OR sum(n * amount) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 7
  ON CONFLICT ON CONSTRAINT dashboard_rollup_key
  DO UPDATE SET count = r.count + excluded.count, amount = r.amount + excluded.amount,
    amount_eur = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'EUR'),
    amount_usd = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'USD'),
    amount_gbp = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'GBP')
      RETURNING r.id, r.count
    )
    SELECT array_agg(id) INTO emptied_dashboard FROM applied WHERE count = 0;
  ELSE -- DELETE
    WITH applied AS (
      INSERT INTO sales_rollup AS r (day, account_id, merchant_id, acquirer_id, solution_id, mid_id, card_brand, descriptor, currency, transaction_type, category, status, is_fallback, count, amount)
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, o.account_id, o.merchant_id, o.acquirer_id, o.solution_id,
        o.mid_id, o.card_brand, left(o.shopper_statement, 200) AS descriptor, o.currency, o.transaction_type, o.category,
        o.status, o.is_fallback,
        -count(*), -sum(o.amount)::bigint
      FROM old_rows o
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
      ORDER BY 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 2
  ON CONFLICT ON CONSTRAINT sales_rollup_key
  DO UPDATE SET count = r.count + excluded.count, amount = r.amount + excluded.amount
      RETURNING r.id, r.count
    )
    SELECT array_agg(id) INTO emptied FROM applied WHERE count = 0;
    WITH applied AS (
      INSERT INTO dashboard_rollup AS r (account_id, grain, merchant_id, issuer_country, day, solution_id, currency, transaction_type, category, status, is_fallback, error_code, error_label, count, amount, amount_eur, amount_usd, amount_gbp)
      SELECT d.account_id, d.grain, d.merchant_id, d.issuer_country, d.day, d.solution_id, d.currency, d.transaction_type,
        d.category, d.status, d.is_fallback, d.error_code, d.error_label, -count(*), -sum(d.amount)::bigint,
        dashboard_converted(-sum(d.amount)::bigint, d.currency, d.day, 'EUR'), dashboard_converted(-sum(d.amount)::bigint, d.currency, d.day, 'USD'), dashboard_converted(-sum(d.amount)::bigint, d.currency, d.day, 'GBP')
      FROM old_rows o CROSS JOIN LATERAL dashboard_rollup_rows(o) d
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
      ORDER BY 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 7
  ON CONFLICT ON CONSTRAINT dashboard_rollup_key
  DO UPDATE SET count = r.count + excluded.count, amount = r.amount + excluded.amount,
    amount_eur = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'EUR'),
    amount_usd = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'USD'),
    amount_gbp = dashboard_converted(r.amount + excluded.amount, r.currency, r.day, 'GBP')
      RETURNING r.id, r.count
    )
    SELECT array_agg(id) INTO emptied_dashboard FROM applied WHERE count = 0;
  END IF;
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
CREATE OR REPLACE FUNCTION sales_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE sales_rollup, dashboard_rollup, dashboard_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The dashboard's totals (schema.ts `dashboardTotals`): the figure rows of the rollup added up over their currencies,
-- so a month reads one row per day and outcome instead of one per currency too. A row-level trigger on the rollup
-- adds each row's change (count, converted amounts, rows whose conversion is missing) to its totals row: increments
-- commute, so concurrent writers never lose one, and the sums stay exactly the sums of the rollup's converted rows.
-- The rollup's key ends with the currency, so a statement's rows reach their totals rows in the totals' key order and
-- two writers take them in the same order.
CREATE FUNCTION dashboard_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o dashboard_rollup;
  n dashboard_rollup;
  k dashboard_rollup;
  left_count bigint;
  at tid;
BEGIN
  IF current_setting('dashboard.rebuilding', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN o := OLD; END IF;
  IF TG_OP <> 'DELETE' THEN n := NEW; END IF;
  k := coalesce(n, o);
  IF k.error_code IS NOT NULL OR k.transaction_type IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO dashboard_totals AS t (account_id, grain, merchant_id, issuer_country, day, solution_id, transaction_type,
    category, status, is_fallback, count, amount_eur, amount_usd, amount_gbp, missing_eur, missing_usd, missing_gbp)
  VALUES (k.account_id, k.grain, k.merchant_id, k.issuer_country, k.day, k.solution_id, k.transaction_type, k.category,
    k.status, k.is_fallback,
    coalesce(n.count, 0) - coalesce(o.count, 0),
    coalesce(n.amount_eur, 0) - coalesce(o.amount_eur, 0),
    coalesce(n.amount_usd, 0) - coalesce(o.amount_usd, 0),
    coalesce(n.amount_gbp, 0) - coalesce(o.amount_gbp, 0),
    coalesce(n.amount_eur IS NULL AND n.count <> 0, false)::int
      - coalesce(o.amount_eur IS NULL AND o.count <> 0, false)::int,
    coalesce(n.amount_usd IS NULL AND n.count <> 0, false)::int
      - coalesce(o.amount_usd IS NULL AND o.count <> 0, false)::int,
    coalesce(n.amount_gbp IS NULL AND n.count <> 0, false)::int
      - coalesce(o.amount_gbp IS NULL AND o.count <> 0, false)::int)
  ON CONFLICT ON CONSTRAINT dashboard_totals_key
  DO UPDATE SET count = t.count + excluded.count, amount_eur = t.amount_eur + excluded.amount_eur,
    amount_usd = t.amount_usd + excluded.amount_usd, amount_gbp = t.amount_gbp + excluded.amount_gbp,
    missing_eur = t.missing_eur + excluded.missing_eur, missing_usd = t.missing_usd + excluded.missing_usd,
    missing_gbp = t.missing_gbp + excluded.missing_gbp
  RETURNING t.count, t.ctid INTO left_count, at;
  IF left_count = 0 THEN
    DELETE FROM dashboard_totals WHERE ctid = at AND count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_totals_apply AFTER INSERT OR UPDATE OR DELETE ON dashboard_rollup
FOR EACH ROW EXECUTE FUNCTION dashboard_totals_apply();
--> statement-breakpoint
-- Adds the totals up again from the rollup: every day (NULL) or the given days. The caller keeps writers out (the
-- rebuild's lock on transactions, the rates import's on the rollup).
CREATE FUNCTION dashboard_totals_rebuild(days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_totals WHERE days IS NULL OR day = ANY (days);
  INSERT INTO dashboard_totals (account_id, grain, merchant_id, issuer_country, day, solution_id, transaction_type,
    category, status, is_fallback, count, amount_eur, amount_usd, amount_gbp, missing_eur, missing_usd, missing_gbp)
  SELECT account_id, grain, merchant_id, issuer_country, day, solution_id, transaction_type, category, status,
    is_fallback, sum(count), coalesce(sum(amount_eur), 0), coalesce(sum(amount_usd), 0), coalesce(sum(amount_gbp), 0),
    count(*) FILTER (WHERE amount_eur IS NULL AND count <> 0), count(*) FILTER (WHERE amount_usd IS NULL AND count <> 0),
    count(*) FILTER (WHERE amount_gbp IS NULL AND count <> 0)
  FROM dashboard_rollup
  WHERE error_code IS NULL AND transaction_type IS NOT NULL AND (days IS NULL OR day = ANY (days))
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  HAVING sum(count) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
END
$$;
--> statement-breakpoint
-- Recomputes the dashboard's rollup from the raw transactions; the caller holds transactions in SHARE mode (the
-- rebuild below, or this migration's transaction). Answers the number of rows.
CREATE FUNCTION dashboard_rollup_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
BEGIN
  LOCK TABLE transactions IN SHARE MODE;
  -- The totals are added up once at the end, not row by row (dashboard_totals_apply()).
  PERFORM set_config('dashboard.rebuilding', 'on', true);
  TRUNCATE dashboard_rollup, dashboard_totals;
  -- The rates are joined once per group rather than looked up per row and currency (dashboard_converted()).
  INSERT INTO dashboard_rollup (account_id, grain, merchant_id, issuer_country, day, solution_id, currency, transaction_type, category, status, is_fallback, error_code, error_label, count, amount, amount_eur, amount_usd, amount_gbp)
  SELECT g.account_id, g.grain, g.merchant_id, g.issuer_country, g.day, g.solution_id, g.currency, g.transaction_type,
      g.category, g.status, g.is_fallback, g.error_code, g.error_label, g.count, g.amount,
      dashboard_converted_at(g.amount, g.currency, 'EUR', f.rate, 1),
      dashboard_converted_at(g.amount, g.currency, 'USD', f.rate, usd.rate),
      dashboard_converted_at(g.amount, g.currency, 'GBP', f.rate, gbp.rate)
  FROM (
    SELECT d.account_id, d.grain, d.merchant_id, d.issuer_country, d.day, d.solution_id, d.currency, d.transaction_type,
        d.category, d.status, d.is_fallback, d.error_code, d.error_label, count(*) AS count, sum(d.amount)::bigint AS amount
    FROM transactions t CROSS JOIN LATERAL dashboard_rollup_rows(t) d
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
  ) g
  LEFT JOIN exchange_rates src ON src.day = g.day AND src.currency = g.currency
  CROSS JOIN LATERAL (SELECT CASE WHEN g.currency = 'EUR' THEN 1::numeric ELSE src.rate END AS rate) f
  LEFT JOIN exchange_rates usd ON usd.day = g.day AND usd.currency = 'USD'
  LEFT JOIN exchange_rates gbp ON gbp.day = g.day AND gbp.currency = 'GBP'
  ORDER BY 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 7;
  GET DIAGNOSTICS written = ROW_COUNT;
  PERFORM dashboard_totals_rebuild(NULL);
  PERFORM set_config('dashboard.rebuilding', 'off', true);
  RETURN written;
END
$$;
--> statement-breakpoint
-- `npm run seed -- --rebuild-rollups` and the bulk load rebuild both rollups through this one function (as 0016's,
-- it answers the sales rollup's rows).
CREATE OR REPLACE FUNCTION sales_rollup_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
BEGIN
  LOCK TABLE transactions IN SHARE MODE;
  TRUNCATE sales_rollup;
  INSERT INTO sales_rollup (day, account_id, merchant_id, acquirer_id, solution_id, mid_id, card_brand, descriptor, currency, transaction_type, category, status, is_fallback, count, amount)
  SELECT (t.created_at AT TIME ZONE 'UTC')::date AS day, t.account_id, t.merchant_id, t.acquirer_id, t.solution_id,
        t.mid_id, t.card_brand, left(t.shopper_statement, 200) AS descriptor, t.currency, t.transaction_type, t.category,
        t.status, t.is_fallback,
      count(*), sum(t.amount)::bigint
  FROM transactions t
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
  ORDER BY 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 2;
  GET DIAGNOSTICS written = ROW_COUNT;
  PERFORM dashboard_rollup_rebuild();
  RETURN written;
END
$$;
--> statement-breakpoint
-- Converts again the rows of the given days, after their rates changed (src/server/db/exchange-rates.ts, in the
-- transaction that writes the rates). SHARE ROW EXCLUSIVE first: writers of transactions that are converting with the
-- old rates finish before, and later ones wait until the new rates are committed, so no row keeps an old conversion.
CREATE FUNCTION dashboard_rollup_reconvert(days date[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
BEGIN
  LOCK TABLE dashboard_rollup IN SHARE ROW EXCLUSIVE MODE;
  PERFORM set_config('dashboard.rebuilding', 'on', true);
  UPDATE dashboard_rollup SET
    amount_eur = dashboard_converted(amount, currency, day, 'EUR'),
    amount_usd = dashboard_converted(amount, currency, day, 'USD'),
    amount_gbp = dashboard_converted(amount, currency, day, 'GBP')
  WHERE day = ANY (days) AND currency IS NOT NULL;
  GET DIAGNOSTICS written = ROW_COUNT;
  PERFORM dashboard_totals_rebuild(days);
  PERFORM set_config('dashboard.rebuilding', 'off', true);
  RETURN written;
END
$$;
--> statement-breakpoint
-- Transactions made before this migration.
SELECT dashboard_rollup_rebuild();
