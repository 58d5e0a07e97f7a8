-- "Name contains" searches (lower(name) like '%text%') cannot use a btree; trigram GIN indexes can. pg_trgm is a
-- trusted extension on PostgreSQL 13+, and PGlite loads it when the client is created (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_pretty_name_trgm_idx" ON "accounts" USING gin (lower("pretty_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_pretty_name_trgm_idx" ON "merchants" USING gin (lower("pretty_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_legal_name_trgm_idx" ON "merchants" USING gin (lower("merchant_legal_name") gin_trgm_ops);
