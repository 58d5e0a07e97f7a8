CREATE TABLE "merchant_list_edits" (
	"merchant_id" uuid NOT NULL,
	"list" text NOT NULL,
	"editor_id" uuid,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_list_edits_merchant_id_list_pk" PRIMARY KEY("merchant_id","list")
);
--> statement-breakpoint
CREATE TABLE "merchant_list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"list" text NOT NULL,
	"pretty_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_list_items_list" CHECK ("merchant_list_items"."list" in ('URL', 'TAG'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_list_edits" ADD CONSTRAINT "merchant_list_edits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_list_edits" ADD CONSTRAINT "merchant_list_edits_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_list_items" ADD CONSTRAINT "merchant_list_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_list_items_value_key" ON "merchant_list_items" USING btree ("merchant_id","list","pretty_name");