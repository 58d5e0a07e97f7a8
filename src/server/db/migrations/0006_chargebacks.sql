CREATE TABLE "chargeback_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chargeback_agents_account_id_key" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "chargebacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_transaction_id" uuid NOT NULL,
	"dispute_transaction_id" uuid,
	"case_id" text NOT NULL,
	"dispute_id" text,
	"operation" text NOT NULL,
	"status" text DEFAULT 'TO_DO' NOT NULL,
	"reason" text NOT NULL,
	"reason_code" text,
	"reason_processor" text,
	"fraud_type" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"notification_date" timestamp with time zone NOT NULL,
	"expiration_date" timestamp with time zone NOT NULL,
	"has_previous_chargebacks" boolean DEFAULT false NOT NULL,
	"has_refund" boolean DEFAULT false NOT NULL,
	"customer_name" text,
	"custom" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"external_url" text,
	"agent_id" uuid,
	"agent_assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chargebacks_operation_valid" CHECK ("chargebacks"."operation" in ('CHARGEBACK', 'RETRIEVAL')),
	CONSTRAINT "chargebacks_status_valid" CHECK ("chargebacks"."status" in ('TO_DO', 'IN_PROGRESS', 'DONE', 'NOT_DISPUTED', 'EXPIRED', 'REFUNDED', 'OTHERS')),
	CONSTRAINT "chargebacks_reason_valid" CHECK ("chargebacks"."reason" in ('OthersDefault', 'CancelledMerchandiseServices', 'CancelledRecurringTransaction', 'CreditNotProcessed', 'DuplicateProcessing', 'FraudNoCardholderAuthorization', 'IncorrectAmount', 'MerchandiseServicesNotProvided', 'NotAsDescribed', 'UnrecognisedTransaction', 'ChargebackDocumentation')),
	CONSTRAINT "chargebacks_fraud_type_valid" CHECK ("chargebacks"."fraud_type" is null or ("chargebacks"."reason" = 'FraudNoCardholderAuthorization' and "chargebacks"."fraud_type" in ('FRAUD', 'PRODUCT_PROCESSING_ERROR', 'CLIENT_CONTACT', 'DOCUMENT_OR_ACTION_NEEDED', 'REFUND_SOLICITED_FORM_NOT_RECEIVED', 'LEGITIMATE_PURCHASE', 'LEGITIMATE_PURCHASE_PROVEN_USE'))),
	CONSTRAINT "chargebacks_amount_not_negative" CHECK ("chargebacks"."amount" >= 0),
	CONSTRAINT "chargebacks_expiration_after_notification" CHECK ("chargebacks"."expiration_date" >= "chargebacks"."notification_date"),
	CONSTRAINT "chargebacks_assigned_when_agent" CHECK (("chargebacks"."agent_id" is null) = ("chargebacks"."agent_assigned_at" is null))
);
--> statement-breakpoint
CREATE TABLE "dispute_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"template_key" text NOT NULL,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_templates_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "dispute_templates_size_range" CHECK ("dispute_templates"."size_bytes" between 1 and 3145728)
);
--> statement-breakpoint
ALTER TABLE "chargeback_agents" ADD CONSTRAINT "chargeback_agents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeback_agents" ADD CONSTRAINT "chargeback_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_payment_transaction_id_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_dispute_transaction_id_transactions_id_fk" FOREIGN KEY ("dispute_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_agent_fk" FOREIGN KEY ("account_id","agent_id") REFERENCES "public"."chargeback_agents"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_templates" ADD CONSTRAINT "dispute_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_templates" ADD CONSTRAINT "dispute_templates_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chargeback_agents_account_name_key" ON "chargeback_agents" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "chargebacks_account_notification_idx" ON "chargebacks" USING btree ("account_id","notification_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "chargebacks_account_status_notification_idx" ON "chargebacks" USING btree ("account_id","status","notification_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "chargebacks_account_agent_notification_idx" ON "chargebacks" USING btree ("account_id","agent_id","notification_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "chargebacks_account_expiration_idx" ON "chargebacks" USING btree ("account_id","expiration_date","id");--> statement-breakpoint
CREATE INDEX "chargebacks_payment_idx" ON "chargebacks" USING btree ("payment_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chargebacks_dispute_transaction_key" ON "chargebacks" USING btree ("dispute_transaction_id") WHERE "chargebacks"."dispute_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "chargebacks_account_case_idx" ON "chargebacks" USING btree ("account_id","case_id");--> statement-breakpoint
CREATE INDEX "chargebacks_account_dispute_idx" ON "chargebacks" USING btree ("account_id","dispute_id") WHERE "chargebacks"."dispute_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_templates_account_key_key" ON "dispute_templates" USING btree ("account_id","template_key");