-- The subscriptions list indexes in the order the list and its export write (last attempt DESC, id DESC, both NULLS FIRST).
DROP INDEX "subscriptions_merchant_attempt_idx";--> statement-breakpoint
DROP INDEX "subscriptions_merchant_status_attempt_idx";--> statement-breakpoint
DROP INDEX "subscriptions_merchant_plan_attempt_idx";--> statement-breakpoint
DROP INDEX "subscriptions_merchant_country_attempt_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_attempt_idx" ON "subscriptions" USING btree ("merchant_id","last_attempt_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_status_attempt_idx" ON "subscriptions" USING btree ("merchant_id","status","last_attempt_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_plan_attempt_idx" ON "subscriptions" USING btree ("merchant_id","plan_id","last_attempt_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_merchant_country_attempt_idx" ON "subscriptions" USING btree ("merchant_id","card_country","last_attempt_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);