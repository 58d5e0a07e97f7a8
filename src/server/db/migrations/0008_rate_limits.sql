CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_bucket_subject_pk" PRIMARY KEY("bucket","subject")
);
--> statement-breakpoint
DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");