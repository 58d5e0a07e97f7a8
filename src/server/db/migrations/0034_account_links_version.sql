-- Every API call reads the caller's linked accounts (provider staff may have thousands). The call now reads only this
-- number with its session and reads the links again when it moved (plugins/auth.ts). Statement triggers on
-- user_accounts raise it with every link added, changed or removed, whoever writes (the API, the seed, a cascade from
-- a deleted account), in the same transaction.
ALTER TABLE "users" ADD COLUMN "account_links_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION user_accounts_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET account_links_version = account_links_version + 1
      WHERE id IN (SELECT DISTINCT user_id FROM new_links);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users SET account_links_version = account_links_version + 1
      WHERE id IN (SELECT DISTINCT user_id FROM old_links);
  ELSE
    UPDATE users SET account_links_version = account_links_version + 1
      WHERE id IN (SELECT user_id FROM new_links UNION SELECT user_id FROM old_links);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_accounts_links_inserted AFTER INSERT ON user_accounts
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION user_accounts_links_changed();
--> statement-breakpoint
CREATE TRIGGER user_accounts_links_deleted AFTER DELETE ON user_accounts
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION user_accounts_links_changed();
--> statement-breakpoint
CREATE TRIGGER user_accounts_links_updated AFTER UPDATE ON user_accounts
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION user_accounts_links_changed();
