CREATE TABLE "merchant_name_words" (
	"merchant_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "merchant_name_words_merchant_id_position_pk" PRIMARY KEY("merchant_id","position")
);
--> statement-breakpoint
ALTER TABLE "merchant_name_words" ADD CONSTRAINT "merchant_name_words_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_name_words_word_idx" ON "merchant_name_words" USING btree (("word" collate "C"),"merchant_id");--> statement-breakpoint
CREATE INDEX "merchant_name_words_account_word_idx" ON "merchant_name_words" USING btree ("account_id",("word" collate "C"),"merchant_id");--> statement-breakpoint
CREATE INDEX "merchants_name_prefix_idx" ON "merchants" USING btree ((lower("pretty_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "merchants_account_name_prefix_idx" ON "merchants" USING btree ("account_id",(lower("pretty_name") collate "C"),"id");