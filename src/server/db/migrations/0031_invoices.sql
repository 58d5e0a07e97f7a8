CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"number" text NOT NULL,
	"issuing_date" date NOT NULL,
	"due_date" date NOT NULL,
	"time_period_from" date NOT NULL,
	"time_period_to" date NOT NULL,
	"payments_count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"document_stored_name" text NOT NULL,
	"document_name" text NOT NULL,
	"document_size" integer NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoices_document_stored_name_unique" UNIQUE("document_stored_name"),
	CONSTRAINT "invoices_status_known" CHECK ("invoices"."status" in ('DRAFT', 'PENDING', 'PAID', 'CLAIMED', 'OVERDUE', 'CANCELLED')),
	CONSTRAINT "invoices_due_date_rule" CHECK ("invoices"."due_date" = "invoices"."issuing_date" + 10),
	CONSTRAINT "invoices_period_order" CHECK ("invoices"."time_period_from" <= "invoices"."time_period_to" and "invoices"."time_period_to" <= "invoices"."issuing_date"),
	CONSTRAINT "invoices_number_shape" CHECK ("invoices"."number" ~ '^[A-Za-z0-9]{1,20}$'),
	CONSTRAINT "invoices_amounts_not_negative" CHECK ("invoices"."amount" >= 0 and "invoices"."payments_count" >= 0),
	CONSTRAINT "invoices_document_size_range" CHECK ("invoices"."document_size" between 1 and 5242880)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_account_issuing_idx" ON "invoices" USING btree ("account_id","issuing_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_account_status_issuing_idx" ON "invoices" USING btree ("account_id","status","issuing_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_account_number_key" ON "invoices" USING btree ("account_id",lower("number"));--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin (lower("number") gin_trgm_ops);