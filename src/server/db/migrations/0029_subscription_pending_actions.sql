-- The subscription action handed to the platform and not confirmed yet: one claim per subscription (issue 24).
CREATE TABLE "subscription_pending_actions" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"token" uuid NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_pending_actions" ADD CONSTRAINT "subscription_pending_actions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;