-- One running routing backtest per user, across API processes (issue 23; src/server/areas/routes/backtest-runs.ts).
CREATE TABLE "backtest_runs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backtest_runs" ADD CONSTRAINT "backtest_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;