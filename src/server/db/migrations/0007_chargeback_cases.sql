ALTER TABLE "chargebacks" DROP CONSTRAINT "chargebacks_assigned_when_agent";--> statement-breakpoint
DROP INDEX "chargebacks_account_notification_idx";--> statement-breakpoint
DROP INDEX "chargebacks_account_status_notification_idx";--> statement-breakpoint
DROP INDEX "chargebacks_account_agent_notification_idx";--> statement-breakpoint
ALTER TABLE "chargebacks" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD COLUMN "customer_email" text;--> statement-breakpoint
UPDATE "chargebacks" SET "order_id" = "payment"."reference_order_id", "customer_email" = "payment"."shopper_email" FROM "transactions" "payment" WHERE "payment"."id" = "chargebacks"."payment_transaction_id";--> statement-breakpoint
ALTER TABLE "chargebacks" ADD COLUMN "assigned_to_others" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD COLUMN "document_stored_name" text;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD COLUMN "document_file_name" text;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD COLUMN "document_generated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chargebacks_account_unagented_notification_idx" ON "chargebacks" USING btree ("account_id","assigned_to_others","notification_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "chargebacks"."agent_id" is null;--> statement-breakpoint
CREATE INDEX "chargebacks_account_amount_idx" ON "chargebacks" USING btree ("account_id","amount","id");--> statement-breakpoint
CREATE INDEX "chargebacks_account_notification_idx" ON "chargebacks" USING btree ("account_id","notification_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chargebacks_account_status_notification_idx" ON "chargebacks" USING btree ("account_id","status","notification_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chargebacks_account_agent_notification_idx" ON "chargebacks" USING btree ("account_id","agent_id","notification_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_agent_or_others" CHECK (not ("chargebacks"."agent_id" is not null and "chargebacks"."assigned_to_others"));--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_template_valid" CHECK ("chargebacks"."template" is null or "chargebacks"."template" in ('Default', 'Others', 'CancelledMerchandiseServices', 'CancelledRecurringTransaction', 'CreditNotProcessed', 'DuplicateProcessing', 'FraudNoCardholderAuthorization', 'IncorrectAmount', 'MerchandiseServicesNotProvided', 'NotAsDescribed', 'UnrecognisedTransaction', 'ChargebackDocumentation', 'ChargebackAccepted', 'ChargebackInvalid', 'Refund'));--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_document_complete" CHECK (("chargebacks"."document_stored_name" is null) = ("chargebacks"."document_file_name" is null) and ("chargebacks"."document_stored_name" is null) = ("chargebacks"."document_generated_at" is null));--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_assigned_when_agent" CHECK (("chargebacks"."agent_id" is not null or "chargebacks"."assigned_to_others") = ("chargebacks"."agent_assigned_at" is not null));