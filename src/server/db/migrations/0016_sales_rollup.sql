CREATE TABLE "sales_rollup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"acquirer_id" uuid,
	"solution_id" uuid,
	"mid_id" uuid,
	"card_brand" text,
	"descriptor" text,
	"currency" text NOT NULL,
	"transaction_type" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"is_fallback" boolean NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "sales_rollup_key" UNIQUE NULLS NOT DISTINCT("merchant_id","day","acquirer_id","solution_id","mid_id","card_brand","descriptor","currency","transaction_type","category","status","is_fallback","account_id")
);
--> statement-breakpoint
-- The daily sales rollup (issue 16) is kept by statement-level AFTER triggers on `transactions`, so it changes in the
-- transaction of every insert, status change or delete, whichever code path makes it (services, background jobs, the
-- demo generator, a hand-written UPDATE). Each statement applies one aggregated upsert: its transition table grouped by
-- the rollup's dimensions, added with INSERT ... ON CONFLICT DO UPDATE SET count = count + excluded.count, which takes
-- the row lock, so concurrent writers queue on the rows they share and no increment is lost. Rows are upserted in the
-- key's order, so two statements touching the same rows lock them in the same order and cannot deadlock each other.
-- An UPDATE subtracts the old rows and adds the new ones, grouped together: a change that leaves every dimension and
-- the amount as they were (a new updated_at, an error text) nets out to nothing and writes nothing. (Transition tables
-- cannot be combined with an UPDATE OF column list, so the trigger fires on every UPDATE and nets out instead.) A
-- row whose count falls to 0 is deleted. The descriptor is the shopper's statement text, cut to 200 characters so the
-- key always fits a btree entry (scheme descriptors are 22-25 characters).
CREATE FUNCTION sales_rollup_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied bigint[];
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
  END IF;
  IF emptied IS NOT NULL THEN
    DELETE FROM sales_rollup WHERE id = ANY (emptied) AND count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_apply();
--> statement-breakpoint
CREATE TRIGGER sales_rollup_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_apply();
--> statement-breakpoint
CREATE TRIGGER sales_rollup_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_apply();
--> statement-breakpoint
CREATE FUNCTION sales_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE sales_rollup;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_truncate();
--> statement-breakpoint
-- The rebuild (`npm run seed -- --rebuild-rollups`, and the demo generator after a bulk load that ran without the
-- triggers): writers of transactions wait for it (SHARE lock), so the GROUP BY sees every committed row and no
-- trigger adds to the table meanwhile. Answers the number of rollup rows.
CREATE FUNCTION sales_rollup_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
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
  RETURN written;
END
$$;
--> statement-breakpoint
-- Transactions made before this migration.
SELECT sales_rollup_rebuild();
