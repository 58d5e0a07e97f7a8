CREATE TABLE "limit_sales" (
	"merchant_id" uuid NOT NULL,
	"solution_id" uuid NOT NULL,
	"whole_month" boolean NOT NULL,
	"day" date NOT NULL,
	"mid_id" uuid,
	"card_brand" text,
	"descriptor" text,
	"count" bigint NOT NULL,
	CONSTRAINT "limit_sales_key" UNIQUE NULLS NOT DISTINCT("merchant_id","solution_id","whole_month","day","mid_id","card_brand","descriptor")
);
--> statement-breakpoint
-- The counters' totals (issue 16's budget): the KPI counters of the busiest solution added up some 9,000 rollup rows
-- for three months; its limit sales by day are a third of those, and by whole month a few dozen rows a month.
--
-- Kept by statement-level triggers on sales_rollup, with transition tables: each statement's limit sales are grouped
-- by key, day and month rows, and applied by one upsert in the key's order (so two writers take the rows they share
-- in the same order), and rows left at zero go. The statement is the same for the three operations; only its source
-- differs (the new rows added, the old ones taken away), hence the one text run with EXECUTE, which sees the
-- trigger's transition tables as any statement of the function does.
CREATE FUNCTION limit_sales_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS n, r.* FROM new_rows r'
    WHEN 'UPDATE' THEN 'SELECT -1 AS n, r.* FROM old_rows r UNION ALL SELECT 1 AS n, r.* FROM new_rows r'
    ELSE 'SELECT -1 AS n, r.* FROM old_rows r'
  END;
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
  $sql$, source) INTO emptied;
  IF emptied IS NOT NULL THEN
    DELETE FROM limit_sales WHERE ctid = ANY (emptied) AND count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER limit_sales_insert AFTER INSERT ON sales_rollup REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION limit_sales_apply();
--> statement-breakpoint
CREATE TRIGGER limit_sales_update AFTER UPDATE ON sales_rollup REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION limit_sales_apply();
--> statement-breakpoint
CREATE TRIGGER limit_sales_delete AFTER DELETE ON sales_rollup REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION limit_sales_apply();
--> statement-breakpoint
-- The rebuild (sales_rollup_rebuild()) and a truncate of the transactions empty the rollup with TRUNCATE, which the
-- triggers above do not see; the rebuild's INSERT then adds everything back through them.
CREATE FUNCTION limit_sales_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE limit_sales;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER limit_sales_truncate AFTER TRUNCATE ON sales_rollup
  FOR EACH STATEMENT EXECUTE FUNCTION limit_sales_truncate();
--> statement-breakpoint
-- The rollup's sales made before this migration.
INSERT INTO limit_sales (merchant_id, solution_id, whole_month, day, mid_id, card_brand, descriptor, count)
SELECT r.merchant_id, r.solution_id, s.whole_month,
  CASE WHEN s.whole_month THEN date_trunc('month', r.day)::date ELSE r.day END,
  r.mid_id, r.card_brand, r.descriptor, sum(r.count)::bigint
FROM sales_rollup r CROSS JOIN (VALUES (false), (true)) s(whole_month)
WHERE r.transaction_type IN ('PAYMENT', 'RECURRENCE') AND r.status = 'SUCCESS' AND r.solution_id IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7
HAVING sum(r.count) <> 0
ORDER BY 1, 2, 3, 4, 5, 6, 7;
