ALTER TABLE "mids" ADD COLUMN "custom_secrets" text;--> statement-breakpoint
ALTER TABLE "mids" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;