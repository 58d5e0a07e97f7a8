CREATE TABLE "saved_view_defaults" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"list" text NOT NULL,
	"view_id" uuid NOT NULL,
	CONSTRAINT "saved_view_defaults_user_id_account_id_list_pk" PRIMARY KEY("user_id","account_id","list")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"owner_id" uuid,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"shared" boolean NOT NULL,
	"query" text NOT NULL,
	"filters" jsonb NOT NULL,
	"search" text NOT NULL,
	"sort" text,
	"page_size" integer NOT NULL,
	"columns" jsonb,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_page_size_known" CHECK ("saved_views"."page_size" in (50, 100, 500))
);
--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_view_defaults_view_idx" ON "saved_view_defaults" USING btree ("view_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_personal_name_key" ON "saved_views" USING btree ("account_id","list","owner_id",lower("name")) WHERE not "saved_views"."shared";--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_shared_name_key" ON "saved_views" USING btree ("account_id","list",lower("name")) WHERE "saved_views"."shared";--> statement-breakpoint
CREATE INDEX "saved_views_owner_list_idx" ON "saved_views" USING btree ("owner_id","account_id","list");