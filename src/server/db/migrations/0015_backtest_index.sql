-- The routing backtest (issue 15, src/server/areas/routes/backtest.ts) aggregates one merchant's first attempts of a
-- window (up to 90 days, a million payments and more) by their routing values. This index holds every column that
-- aggregation reads, so it is an index-only scan of the merchant's window: about three times less to read than the
-- table's rows, and independent of the other merchants' rows around them. Drizzle's schema cannot say INCLUDE, so the
-- index lives here only. Index rows have a size limit (2,704 bytes): payments with an order URL longer than 2,000
-- bytes stay out of it and have an index of their own, which the backtest reads beside it.
CREATE INDEX "transactions_backtest_idx" ON "transactions" USING btree ("merchant_id", "created_at")
  INCLUDE ("currency", "card_brand", "card_country", "custom_tag", "card_bin", "order_url", "amount", "mid_id", "status")
  WHERE "parent_id" IS NULL AND NOT "is_fallback" AND "transaction_type" IN ('PAYMENT', 'RECURRENCE')
    AND ("order_url" IS NULL OR octet_length("order_url") <= 2000);
--> statement-breakpoint
CREATE INDEX "transactions_backtest_long_url_idx" ON "transactions" USING btree ("merchant_id", "created_at")
  WHERE "parent_id" IS NULL AND NOT "is_fallback" AND "transaction_type" IN ('PAYMENT', 'RECURRENCE')
    AND octet_length("order_url") > 2000;
