CREATE TABLE "limit_alert_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"limit_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"solution_id" uuid NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"percentage" double precision NOT NULL,
	"limit_value" integer NOT NULL,
	"sales" integer NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "limit_alert_firings_once" UNIQUE("limit_id","period","period_start")
);
--> statement-breakpoint
CREATE TABLE "limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"solution_id" uuid NOT NULL,
	"mid_id" uuid,
	"card_brand" text,
	"descriptor" text,
	"total" integer,
	"daily" integer,
	"alert_percentage" double precision,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "limits_scope_key" UNIQUE NULLS NOT DISTINCT("merchant_id","solution_id","mid_id","card_brand","descriptor"),
	CONSTRAINT "limits_scope_nesting" CHECK (("limits"."card_brand" IS NULL OR "limits"."mid_id" IS NOT NULL) AND ("limits"."descriptor" IS NULL OR "limits"."card_brand" IS NOT NULL)),
	CONSTRAINT "limits_positive" CHECK (("limits"."total" IS NULL OR "limits"."total" > 0) AND ("limits"."daily" IS NULL OR "limits"."daily" > 0))
);
--> statement-breakpoint
ALTER TABLE "limit_alert_firings" ADD CONSTRAINT "limit_alert_firings_limit_id_limits_id_fk" FOREIGN KEY ("limit_id") REFERENCES "public"."limits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limits" ADD CONSTRAINT "limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limits" ADD CONSTRAINT "limits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limits" ADD CONSTRAINT "limits_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limits" ADD CONSTRAINT "limits_mid_id_mids_id_fk" FOREIGN KEY ("mid_id") REFERENCES "public"."mids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "limit_alert_firings_psp_idx" ON "limit_alert_firings" USING btree ("merchant_id","solution_id","fired_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "limits_alerting_idx" ON "limits" USING btree ("account_id") WHERE "limits"."alert_percentage" IS NOT NULL;