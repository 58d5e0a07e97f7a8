-- Users carry the version of their last edit through the user form, so two administrators editing one user are
-- refused, not merged (issue 23).
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
