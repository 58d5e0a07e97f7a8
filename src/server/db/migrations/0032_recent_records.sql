CREATE TABLE "recent_records" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recent_records_user_id_kind_record_id_pk" PRIMARY KEY("user_id","kind","record_id"),
	CONSTRAINT "recent_records_kind_known" CHECK ("recent_records"."kind" in ('TRANSACTION', 'CHARGEBACK', 'MID', 'ROUTE', 'MERCHANT'))
);
--> statement-breakpoint
ALTER TABLE "recent_records" ADD CONSTRAINT "recent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_records" ADD CONSTRAINT "recent_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recent_records_user_opened_idx" ON "recent_records" USING btree ("user_id","opened_at" DESC NULLS LAST,"kind","record_id");