-- The counters (issue 16, src/server/areas/counters) read one merchant's successful sales on one provider solution
-- over a range of days: the KPI cards three months at once, the MID cards, a MID's chart and the descriptors a month.
-- The rollup's key starts (merchant, day, acquirer, solution, ...) for the triggers' upserts, so through it a counter
-- also walks every other solution's rows and every status of the merchant's days, and visits the table for each count.
-- The KPI cards of the busiest solution of the 10,000,000-transaction demo world walked 54,000 index entries and
-- visited 16,600 rows for its 9,136 rows of sales: 8 to 12 ms of SQL alone, warm, against a 10 ms budget for the call.
-- This partial index holds only sales (the counters' condition, written the same way in their queries so the planner
-- always matches it), ordered by merchant, solution and day, with every column the counters group by and the count:
-- each counter is an index-only scan of its own rows, 2.5 to 3 ms for those KPI cards.
-- Its price is on the triggers' side: the count is in the index, so a count change of a sales row can no longer be a
-- HOT update and writes an entry in both of the rollup's indexes (without the count, the reads were twice as slow).
-- Drizzle's schema cannot say INCLUDE, so the index lives here only.
CREATE INDEX "sales_rollup_sales_idx" ON "sales_rollup" USING btree ("merchant_id", "solution_id", "day")
  INCLUDE ("mid_id", "card_brand", "descriptor", "count")
  WHERE "transaction_type" IN ('PAYMENT', 'RECURRENCE') AND "status" = 'SUCCESS';
--> statement-breakpoint
-- A MID belongs to one merchant and one solution, and a solution to one account's merchants, so these columns are far
-- from independent: planned as if they were, a solution's month of sales was estimated at 14 rows instead of 3,000,
-- and the descriptors of a MID were sorted (2 ms on their text) where hashing them takes under 1 ms.
CREATE STATISTICS "sales_rollup_scope_stats" (dependencies, ndistinct) ON "merchant_id", "solution_id", "mid_id"
  FROM "sales_rollup";
--> statement-breakpoint
-- Extended statistics are gathered by ANALYZE only: now, rather than at autovacuum's next visit.
ANALYZE "sales_rollup";
