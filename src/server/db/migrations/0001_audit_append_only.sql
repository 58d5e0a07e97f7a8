-- The audit log is append-only: the application can insert entries but never change or remove them.
CREATE OR REPLACE FUNCTION user_activity_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'user_activity is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_activity_append_only
  BEFORE UPDATE OR DELETE ON user_activity
  FOR EACH ROW EXECUTE FUNCTION user_activity_refuse_change();
--> statement-breakpoint
CREATE TRIGGER user_activity_no_truncate
  BEFORE TRUNCATE ON user_activity
  FOR EACH STATEMENT EXECUTE FUNCTION user_activity_refuse_change();
