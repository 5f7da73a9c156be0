CREATE TABLE "audit_log_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"user_id" text,
	"account" text,
	"action" text NOT NULL,
	"target" text,
	"client_ip" text,
	"result" text NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_archive_tenant_time_idx" ON "audit_log_archive" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- Both trails are append-only. The one exception: a record of audit_log older than 180 days, the least
-- retention (等保 2.0), may be removed once its exact copy is in audit_log_archive (the archiving job copies,
-- then removes, in one transaction); a younger record, or one without its copy, is never removed.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log'
     AND OLD.created_at < now() - interval '180 days'
     AND EXISTS (
       SELECT 1 FROM audit_log_archive a
       WHERE a.id = OLD.id AND a.created_at = OLD.created_at AND a.action = OLD.action
         AND a.result = OLD.result AND a.tenant_id IS NOT DISTINCT FROM OLD.tenant_id
         AND a.user_id IS NOT DISTINCT FROM OLD.user_id AND a.account IS NOT DISTINCT FROM OLD.account
         AND a.target IS NOT DISTINCT FROM OLD.target AND a.client_ip IS NOT DISTINCT FROM OLD.client_ip
         AND a.request_id IS NOT DISTINCT FROM OLD.request_id
     ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_archive_no_update_delete BEFORE UPDATE OR DELETE ON audit_log_archive
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_archive_no_truncate BEFORE TRUNCATE ON audit_log_archive
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
