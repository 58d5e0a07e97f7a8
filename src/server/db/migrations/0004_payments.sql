CREATE TABLE "mids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"description" text NOT NULL,
	"mid_acquirer_id" text NOT NULL,
	"acquirer_id" uuid NOT NULL,
	"solution_id" uuid NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"force_3ds" text,
	"currency" text[] DEFAULT '{}'::text[] NOT NULL,
	"issuer_country" text[] DEFAULT '{}'::text[] NOT NULL,
	"card_brand" text[] DEFAULT '{}'::text[] NOT NULL,
	"url" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_tag" text[] DEFAULT '{}'::text[] NOT NULL,
	"bin_code" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"synchronous" boolean DEFAULT true NOT NULL,
	"provider_blocks_same_day" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"description" text NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"mid_id" uuid NOT NULL,
	"fallback_mid_id" uuid,
	"currency" text[] DEFAULT '{}'::text[] NOT NULL,
	"issuer_country" text[] DEFAULT '{}'::text[] NOT NULL,
	"card_brand" text[] DEFAULT '{}'::text[] NOT NULL,
	"url" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_tag" text[] DEFAULT '{}'::text[] NOT NULL,
	"bin_code" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_priority_range" CHECK ("routes"."priority" between 1 and 10),
	CONSTRAINT "routes_weight_range" CHECK ("routes"."weight" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "transaction_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"root_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"transaction_type" text NOT NULL,
	"status" text NOT NULL,
	"is_fallback" boolean DEFAULT false NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"parent_id" uuid,
	"root_id" uuid NOT NULL,
	"recurrence_parent_id" uuid,
	"transaction_type" text NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"order_url" text,
	"reference_order_id" text NOT NULL,
	"order_concept" text,
	"custom_tag" text,
	"acquirer_id" uuid,
	"solution_id" uuid,
	"provider_transaction_id" text,
	"mid_id" uuid,
	"route_id" uuid,
	"is_fallback" boolean DEFAULT false NOT NULL,
	"card_brand" text,
	"card_bin" text,
	"card_last4" text,
	"card_country" text,
	"card_holder" text,
	"card_expiry" text,
	"card_token_updated_at" timestamp with time zone,
	"card_type" text,
	"card_segment" text,
	"card_bank" text,
	"card_zip_code" text,
	"three_ds_sent" boolean,
	"three_ds_version" text,
	"eci" text,
	"eci_description" text,
	"avs" text,
	"authorization_id" text,
	"shopper_statement" text,
	"shopper_email" text,
	"shopper_ip" text,
	"shopper_ip_country" text,
	"shopper_device_type" text,
	"shopper_browser" text,
	"risk_score" numeric(5, 4),
	"error_code" text,
	"error_message" text,
	"error_provider_message" text,
	"refund_reason" text,
	"alert_type" text,
	"alert_status" text,
	"alert_caid" text,
	"idempotency_key" text,
	"idempotency_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_not_negative" CHECK ("transactions"."amount" >= 0),
	CONSTRAINT "transactions_risk_score_range" CHECK ("transactions"."risk_score" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "mids" ADD CONSTRAINT "mids_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mids" ADD CONSTRAINT "mids_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mids" ADD CONSTRAINT "mids_acquirer_id_acquirers_id_fk" FOREIGN KEY ("acquirer_id") REFERENCES "public"."acquirers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mids" ADD CONSTRAINT "mids_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_mid_id_mids_id_fk" FOREIGN KEY ("mid_id") REFERENCES "public"."mids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_fallback_mid_id_mids_id_fk" FOREIGN KEY ("fallback_mid_id") REFERENCES "public"."mids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_history" ADD CONSTRAINT "transaction_history_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_parent_id_transactions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_recurrence_parent_id_transactions_id_fk" FOREIGN KEY ("recurrence_parent_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_acquirer_id_acquirers_id_fk" FOREIGN KEY ("acquirer_id") REFERENCES "public"."acquirers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_mid_id_mids_id_fk" FOREIGN KEY ("mid_id") REFERENCES "public"."mids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mids_merchant_updated_idx" ON "mids" USING btree ("merchant_id","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mids_account_idx" ON "mids" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "mids_solution_idx" ON "mids" USING btree ("solution_id");--> statement-breakpoint
CREATE INDEX "routes_merchant_updated_idx" ON "routes" USING btree ("merchant_id","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "routes_mid_idx" ON "routes" USING btree ("mid_id");--> statement-breakpoint
CREATE INDEX "routes_fallback_mid_idx" ON "routes" USING btree ("fallback_mid_id") WHERE "routes"."fallback_mid_id" is not null;--> statement-breakpoint
CREATE INDEX "transaction_history_root_idx" ON "transaction_history" USING btree ("root_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "transactions_account_created_idx" ON "transactions" USING btree ("account_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "transactions_merchant_created_idx" ON "transactions" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "transactions_account_status_created_idx" ON "transactions" USING btree ("account_id","status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "transactions_account_type_created_idx" ON "transactions" USING btree ("account_id","transaction_type","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "transactions_mid_created_idx" ON "transactions" USING btree ("mid_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "transactions_route_idx" ON "transactions" USING btree ("route_id");--> statement-breakpoint
CREATE INDEX "transactions_parent_idx" ON "transactions" USING btree ("parent_id") WHERE "transactions"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_reference_order_idx" ON "transactions" USING btree ("reference_order_id" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_key_key" ON "transactions" USING btree ("idempotency_key") WHERE "transactions"."idempotency_key" is not null;