CREATE TABLE "transaction_alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	CONSTRAINT "transaction_alert_events_status_valid" CHECK ("transaction_alert_events"."to_status" in ('PENDING', 'SUCCESS', 'PREVENTED', 'REFUNDED_MANUALLY', 'PREVIOUSLY_REFUNDED', 'CANNOT_REFUND') and ("transaction_alert_events"."from_status" is null or "transaction_alert_events"."from_status" in ('PENDING', 'SUCCESS', 'PREVENTED', 'REFUNDED_MANUALLY', 'PREVIOUSLY_REFUNDED', 'CANNOT_REFUND')))
);
--> statement-breakpoint
CREATE TABLE "transaction_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"mid_id" uuid,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"descriptor" text,
	"caid" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"card_brand" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_alerts_type_valid" CHECK ("transaction_alerts"."type" in ('RDR', 'ETHOCA', 'VERIFI_CDRN', 'INIT_REFUND', 'ORDER_INSIGHT', 'COMPELLING_EVIDENCE', 'CONSUMER_CLARITY', 'TEST')),
	CONSTRAINT "transaction_alerts_status_valid" CHECK ("transaction_alerts"."status" in ('PENDING', 'SUCCESS', 'PREVENTED', 'REFUNDED_MANUALLY', 'PREVIOUSLY_REFUNDED', 'CANNOT_REFUND')),
	CONSTRAINT "transaction_alerts_card_brand_valid" CHECK ("transaction_alerts"."card_brand" in ('VISA', 'MC')),
	CONSTRAINT "transaction_alerts_amount_not_negative" CHECK ("transaction_alerts"."amount" >= 0),
	CONSTRAINT "transaction_alerts_updated_after_created" CHECK ("transaction_alerts"."updated_at" >= "transaction_alerts"."created_at")
);
--> statement-breakpoint
ALTER TABLE "transaction_alert_events" ADD CONSTRAINT "transaction_alert_events_alert_id_transaction_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."transaction_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_alerts" ADD CONSTRAINT "transaction_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_alerts" ADD CONSTRAINT "transaction_alerts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_alerts" ADD CONSTRAINT "transaction_alerts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_alerts" ADD CONSTRAINT "transaction_alerts_mid_id_mids_id_fk" FOREIGN KEY ("mid_id") REFERENCES "public"."mids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_alert_events_alert_idx" ON "transaction_alert_events" USING btree ("alert_id","at","id");--> statement-breakpoint
CREATE INDEX "transaction_alerts_merchant_created_idx" ON "transaction_alerts" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transaction_alerts_account_created_idx" ON "transaction_alerts" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transaction_alerts_merchant_updated_idx" ON "transaction_alerts" USING btree ("merchant_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transaction_alerts_transaction_idx" ON "transaction_alerts" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transaction_alerts_merchant_caid_idx" ON "transaction_alerts" USING btree ("merchant_id","caid" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transaction_alerts_mid_idx" ON "transaction_alerts" USING btree ("mid_id") WHERE "transaction_alerts"."mid_id" is not null;