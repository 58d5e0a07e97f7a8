-- The dashboard totals by whole month too (issue 17's budget). A period's whole calendar months are read as one row
-- each instead of one per day, and a month it covers in part as the month's row less the days it leaves out, whichever
-- reads fewer days (src/server/db/periods.ts). Counts, converted amounts (exact integers in 10^-12 of a
-- minor unit) and missing-rate counts all add and subtract exactly. The error rows (the top errors) are added here
-- too, so every dashboard read is one read of this table.
--
-- The totals are now kept by statement-level triggers on the rollup, with transition tables, instead of a trigger per
-- row: a statement's changes are grouped by totals key and applied by one upsert in the key's order, so two writers
-- take the rows they share in the same order and cannot deadlock on them. A trigger per row would take a month row
-- between two day rows, out of the key's order, and two statements over different days of one month could each wait
-- for the other.
DROP TRIGGER dashboard_totals_apply ON dashboard_rollup;
--> statement-breakpoint
DROP FUNCTION dashboard_totals_apply();
--> statement-breakpoint
TRUNCATE dashboard_totals;
--> statement-breakpoint
ALTER TABLE "dashboard_totals" DROP CONSTRAINT "dashboard_totals_key";--> statement-breakpoint
ALTER TABLE "dashboard_totals" ALTER COLUMN "transaction_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_totals" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_totals" ADD COLUMN "whole_month" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_totals" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "dashboard_totals" ADD COLUMN "error_label" text;--> statement-breakpoint
ALTER TABLE "dashboard_totals" ADD CONSTRAINT "dashboard_totals_key" UNIQUE NULLS NOT DISTINCT("account_id","grain","merchant_id","issuer_country","whole_month","day","solution_id","transaction_type","category","status","is_fallback","error_code","error_label");
--> statement-breakpoint
-- Adds rollup rows (`plus`) and takes others away (`minus`): their day rows and their month rows, in one upsert in the
-- totals' key order; rows left at zero go.
CREATE FUNCTION dashboard_totals_add(plus dashboard_rollup[], minus dashboard_rollup[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  emptied tid[];
BEGIN
  WITH changed AS (
    SELECT 1 AS n, r.* FROM unnest(plus) r
    UNION ALL
    SELECT -1 AS n, r.* FROM unnest(minus) r
  ), delta AS (
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
    FROM changed c CROSS JOIN (VALUES (false), (true)) s(whole_month)
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
  SELECT array_agg(at) INTO emptied FROM applied WHERE count = 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM dashboard_totals WHERE ctid = ANY (emptied) AND count = 0;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A rebuild or a rates import adds the totals up once at the end (dashboard_totals_rebuild()).
  IF current_setting('dashboard.rebuilding', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_totals_add((SELECT array_agg(n::dashboard_rollup) FROM new_rows n), '{}');
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM dashboard_totals_add((SELECT array_agg(n::dashboard_rollup) FROM new_rows n), (SELECT array_agg(o::dashboard_rollup) FROM old_rows o));
  ELSE
    PERFORM dashboard_totals_add('{}', (SELECT array_agg(o::dashboard_rollup) FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_totals_insert AFTER INSERT ON dashboard_rollup REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_totals_update AFTER UPDATE ON dashboard_rollup
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_totals_delete AFTER DELETE ON dashboard_rollup REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_apply();
--> statement-breakpoint
-- Adds the totals up again from the rollup: every day (NULL), or the given days and the whole months they fall in.
-- The caller keeps writers out (the rebuild's lock on transactions, the rates import's on the rollup).
CREATE OR REPLACE FUNCTION dashboard_totals_rebuild(days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := array(SELECT DISTINCT date_trunc('month', d)::date FROM unnest(days) d);
BEGIN
  DELETE FROM dashboard_totals
  WHERE days IS NULL OR (NOT whole_month AND day = ANY (days)) OR (whole_month AND day = ANY (months));
  INSERT INTO dashboard_totals (account_id, grain, merchant_id, issuer_country, whole_month, day, solution_id,
    transaction_type, category, status, is_fallback, error_code, error_label, count, amount_eur, amount_usd, amount_gbp,
    missing_eur, missing_usd, missing_gbp)
  SELECT r.account_id, r.grain, r.merchant_id, r.issuer_country, s.whole_month,
    CASE WHEN s.whole_month THEN date_trunc('month', r.day)::date ELSE r.day END,
    r.solution_id, r.transaction_type, r.category, r.status, r.is_fallback, r.error_code, r.error_label,
    sum(r.count), coalesce(sum(r.amount_eur), 0), coalesce(sum(r.amount_usd), 0), coalesce(sum(r.amount_gbp), 0),
    count(*) FILTER (WHERE r.currency IS NOT NULL AND r.amount_eur IS NULL AND r.count <> 0),
    count(*) FILTER (WHERE r.currency IS NOT NULL AND r.amount_usd IS NULL AND r.count <> 0),
    count(*) FILTER (WHERE r.currency IS NOT NULL AND r.amount_gbp IS NULL AND r.count <> 0)
  FROM dashboard_rollup r CROSS JOIN (VALUES (false), (true)) s(whole_month)
  WHERE days IS NULL
    OR (NOT s.whole_month AND r.day = ANY (days))
    OR (s.whole_month AND date_trunc('month', r.day)::date = ANY (months))
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
  HAVING sum(r.count) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;
END
$$;
--> statement-breakpoint
SELECT dashboard_totals_rebuild(NULL);
