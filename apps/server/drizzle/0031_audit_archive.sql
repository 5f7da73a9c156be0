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
-- Both trails are append-only. The one exception: the archiving job (which says so for its transaction with
-- the setting eip.audit_archiving) may remove from audit_log the rows older than 180 days, the least retention
-- (等保 2.0), as it copies them into audit_log_archive; a younger row is never removed, whoever asks.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log'
     AND current_setting('eip.audit_archiving', true) = 'on'
     AND OLD.created_at < now() - interval '180 days' THEN
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
