-- A merchant's subscription plans (issue 24; spec 3, sections 3 to 5): the five settings kept as the spec's objects.
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"description" text NOT NULL,
	"basic_settings" jsonb NOT NULL,
	"amount_settings" jsonb NOT NULL,
	"trial_settings" jsonb,
	"cancellation_settings" jsonb,
	"retry_settings" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_merchant_modified_idx" ON "plans" USING btree ("merchant_id","modified_at" DESC NULLS LAST,"id");